import { Session } from "node:inspector/promises";
import { flushAccess } from "../../lib/search/access-buffer";
import { benchCtx, ROOT } from "./common";
import { corpus } from "./corpus";
import { lexicalSpeedBody, searchAsRoute } from "./route-search";
/**
 * What a lexical search allocates, in process: the speed bench's lexical requests (every question
 * twice, two in three with a project) through the route's verb and the answer's JSON, under V8's
 * sampling heap profiler with the objects young and full collections freed counted too (the
 * garbage, not only what survives), by function (self) and by the innermost function of ours.
 * Every question is asked twice first, with a turn of the event loop after each (the postings
 * load after a search, lexical-postings.ts).
 *
 *   npx tsx bench/search/alloc-profile.ts <copy of a speed store>/100000
 */
const dir = process.argv[2];
if (!dir) throw new Error("usage: alloc-profile.ts <speed store dir>");
const ctx = benchCtx({}, dir);
const c = corpus();
const body = lexicalSpeedBody;
const run = (i: number) => searchAsRoute(ctx, body(i));
for (let i = 0; i < c.questions.length; i++) await run(i);
await new Promise((r) => setImmediate(r));
for (let i = 0; i < c.questions.length; i++) await run(i);
flushAccess(ctx.sqlite);
const s = new Session();
s.connect();
// Node's typings lack the two include flags (V8's inspector protocol has them).
await s.post("HeapProfiler.startSampling", { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true } as never);
const n = 2 * c.questions.length;
for (let i = 0; i < n; i++) await run(i);
const { profile } = (await s.post("HeapProfiler.stopSampling")) as { profile: { head: Node } };
interface Node {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: Node[];
}
const agg = new Map<string, number>();
const inner = new Map<string, number>();
let total = 0;
const walk = (nd: Node, ours: string) => {
  const u = nd.callFrame.url.replace(`file://${ROOT}/`, "");
  const here = `${u.split("/").slice(-2).join("/")} ${nd.callFrame.functionName}`;
  const o = /^(lib|app|server)\//.test(u) ? here : ours;
  total += nd.selfSize;
  agg.set(here, (agg.get(here) ?? 0) + nd.selfSize);
  inner.set(o, (inner.get(o) ?? 0) + nd.selfSize);
  for (const ch of nd.children) walk(ch, o);
};
walk(profile.head, "(none)");
console.log(`allocated ~${(total / n / 1024).toFixed(0)} KB a request (sampled)`);
for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log("self", (v / n / 1024).toFixed(1), "KB a request", k);
for (const [k, v] of [...inner].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log("under", (v / n / 1024).toFixed(1), "KB a request", k);
ctx.close();
process.exit(0);
