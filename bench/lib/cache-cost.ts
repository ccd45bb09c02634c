/**
 * A provider's prompt cache, simulated: what a sequence of requests costs in input once cached
 * prefixes are billed as reads. Like Anthropic's: a request's longest prefix cached by an earlier
 * request (still alive) is read at `read` times the input price; the rest is written to the cache
 * at `write` times; an entry lives `ttlMs` after it was last written or read.
 *
 * A request is a list of blocks (the fixed prefix, then each part of the history), each with a key
 * (its bytes, or anything equal exactly when its bytes are) and its tokens. Prefixes are compared
 * block by block: a block that differs ends the cached prefix, as a changed byte would.
 */
export interface Block {
  key: string;
  tokens: number;
}

export interface CacheModel {
  read: number;
  write: number;
  ttlMs: number;
}

export const DEFAULT_CACHE_MODEL: CacheModel = { read: 0.1, write: 1.25, ttlMs: 5 * 60_000 };

export interface RequestCost {
  tokens: number;
  cachedTokens: number;
  /** Input cost in uncached-token units: cached x read + the rest x write. */
  cost: number;
}

interface Node {
  children: Map<number, Node>;
  expiresAt: number;
}

export class PrefixCache {
  private readonly root: Node = { children: new Map(), expiresAt: Infinity };
  private readonly ids = new Map<string, number>();

  constructor(readonly model: CacheModel = DEFAULT_CACHE_MODEL) {}

  /** Sends one request at `now` (ms): its cost, then its prefixes are cached (or refreshed). */
  request(blocks: Block[], now: number): RequestCost {
    let node = this.root;
    let cachedTokens = 0;
    let tokens = 0;
    let hit = true;
    for (const b of blocks) {
      tokens += b.tokens;
      let id = this.ids.get(b.key);
      if (id === undefined) this.ids.set(b.key, (id = this.ids.size));
      let child = node.children.get(id);
      if (hit && child && child.expiresAt > now) cachedTokens += b.tokens;
      else hit = false;
      if (!child) node.children.set(id, (child = { children: new Map(), expiresAt: 0 }));
      child.expiresAt = now + this.model.ttlMs;
      node = child;
    }
    return { tokens, cachedTokens, cost: cachedTokens * this.model.read + (tokens - cachedTokens) * this.model.write };
  }
}

export interface RunCost {
  requests: number;
  tokens: number;
  cachedTokens: number;
  cost: number;
  /** cachedTokens / tokens. */
  cacheableShare: number;
}

/** Sums request costs. */
export function totalCost(costs: RequestCost[]): RunCost {
  const tokens = costs.reduce((n, c) => n + c.tokens, 0);
  const cachedTokens = costs.reduce((n, c) => n + c.cachedTokens, 0);
  return { requests: costs.length, tokens, cachedTokens, cost: costs.reduce((n, c) => n + c.cost, 0), cacheableShare: tokens ? cachedTokens / tokens : 0 };
}
