import { processSingleton } from "../process-singleton";

/**
 * In-process request metrics (one registry per process: Next.js loads lib/ in several bundles,
 * hence processSingleton). Recording is a couple of map lookups and additions: cheap on the hot path.
 */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

export interface Histogram {
  buckets: number[];
  sum: number;
  count: number;
}

interface Registry {
  /** `method route status` -> count */
  requests: Map<string, number>;
  /** `method route` -> latency histogram (seconds) */
  latency: Map<string, Histogram>;
  startedAt: number;
}

// A holder, so that tests can start a fresh registry for every copy of this module at once.
const holder = processSingleton("requestMetrics", () => ({ registry: newRegistry() }));

function newRegistry(): Registry {
  return { requests: new Map(), latency: new Map(), startedAt: Date.now() };
}

function registry(): Registry {
  return holder.registry;
}

export function recordRequest(method: string, route: string, status: number, seconds: number): void {
  const r = registry();
  const key = `${method} ${route} ${status}`;
  r.requests.set(key, (r.requests.get(key) ?? 0) + 1);
  const hkey = `${method} ${route}`;
  let h = r.latency.get(hkey);
  if (!h) r.latency.set(hkey, (h = { buckets: LATENCY_BUCKETS.map(() => 0), sum: 0, count: 0 }));
  for (let i = 0; i < LATENCY_BUCKETS.length; i++) if (seconds <= LATENCY_BUCKETS[i]) h.buckets[i]++;
  h.sum += seconds;
  h.count++;
}

export interface RequestSnapshot {
  requests: { method: string; route: string; status: number; count: number }[];
  latency: { method: string; route: string; histogram: Histogram }[];
  startedAt: number;
}

export function requestSnapshot(): RequestSnapshot {
  const r = registry();
  return {
    requests: [...r.requests].map(([key, count]) => {
      const [method, route, status] = key.split(" ");
      return { method, route, status: Number(status), count };
    }),
    latency: [...r.latency].map(([key, h]) => {
      const [method, route] = key.split(" ");
      return { method, route, histogram: { buckets: [...h.buckets], sum: h.sum, count: h.count } };
    }),
    startedAt: r.startedAt,
  };
}

/** For tests. */
export function resetRequestMetrics(): void {
  holder.registry = newRegistry();
}
