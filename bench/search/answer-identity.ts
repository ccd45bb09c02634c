import path from "node:path";
import { pathToFileURL } from "node:url";
import type { benchCtx } from "./common";
import { tailBodies } from "./tail-profile";

/**
 * Are two builds' search answers the same, byte for byte? The code of another checkout (`--base`,
 * e.g. a `git archive` of main) against this one, each on its own connection to its own copy of a
 * speed store, on the speed bench's lexical requests (bench/search/speed.ts: every question twice,
 * two in three with a project): the route's answer (`searchMemories` lexical, limit 10, its JSON
 * as the route writes it, `tookMs` left out) and `lexicalSearch` at k = 100 (seqs and bm25()
 * scores, as JSON: every bit of each double), for each request in turn.
 *
 * The clock is frozen (Date.now) while each side answers: ages and the recency boost depend on
 * it, and two runs a millisecond apart could differ in a score's last rounded digit. Access counts
 * are deferred and dropped, so nothing is written and both copies keep the same data. Every
 * request is asked once first, unchecked, with a turn of the event loop after each: the memories'
 * lengths and the terms' postings load after a search (lexical-postings.ts), and only then does
 * the top k come from outside FTS5, the path this check is for.
 *
 *   npx tsx bench/search/answer-identity.ts --base <A checkout> --store-a <copy 1> --store-b <copy 2>
 *
 * Exits 1 when any answer differs (the first differences printed).
 */
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const base = opt("base");
const storeA = opt("store-a");
const storeB = opt("store-b");
if (!base || !storeA || !storeB) throw new Error("--base <checkout> --store-a <store copy> --store-b <store copy> are required");

type Body = ReturnType<typeof tailBodies>[number];

async function side(root: string, store: string) {
  const load = (file: string) => import(pathToFileURL(path.join(root, file)).href);
  const common = await load("bench/search/common.ts");
  const lexicalMod = await load("lib/search/lexical.ts");
  const bilingual = await load("lib/search/bilingual.ts");
  const search = await load("lib/search/search.ts");
  // Each side parses the body with its own contract, as the route does (its defaults included).
  const contract = await load("lib/contracts/search.ts");
  const ctx = common.benchCtx({}, store) as ReturnType<typeof benchCtx>;
  return {
    ctx,
    lexical: (b: Body) =>
      JSON.stringify(
        (
          lexicalMod.lexicalSearch(
            ctx,
            bilingual.searchQuery(b.query, ctx.config.search.translateQuery).terms,
            { projectId: b.project ?? null, statuses: ["active"] },
            100,
          ) as {
            seq: number;
            bm25: number;
          }[]
        ).map((h) => [h.seq, h.bm25]),
      ),
    answer: async (b: Body) => {
      const out = await search.searchMemories(
        ctx,
        contract.searchInput.parse({ query: b.query, ...(b.project ? { project: b.project } : {}), limit: 10, mode: "lexical" }),
        { defer: () => undefined },
      );
      return JSON.stringify({ ...out, tookMs: undefined });
    },
  };
}

const a = await side(path.resolve(base), storeA);
const b = await side(path.resolve(import.meta.dirname, "../.."), storeB);
const bodies = tailBodies("all");
const realNow = Date.now;
const frozen = realNow();
let differ = 0;
let bytes = 0;
try {
  Date.now = () => frozen;
  for (const body of bodies) {
    await a.answer(body);
    await b.answer(body);
    await new Promise((r) => setImmediate(r));
  }
  for (const body of bodies) {
    const [la, lb] = [a.lexical(body), b.lexical(body)];
    const [aa, ab] = [await a.answer(body), await b.answer(body)];
    bytes += ab.length;
    for (const [what, x, y] of [
      ["lexicalSearch k = 100", la, lb],
      ["answer", aa, ab],
    ] as const)
      if (x !== y && differ++ < 5) console.log(`request ${body.i} (${what}) differs:\n  A ${x.slice(0, 400)}\n  B ${y.slice(0, 400)}`);
  }
} finally {
  Date.now = realNow;
  a.ctx.close();
  b.ctx.close();
}
console.log(`${bodies.length} requests, ${bytes} bytes of answers: ${differ === 0 ? "identical" : `${differ} differ`}`);
process.exit(differ === 0 ? 0 : 1);
