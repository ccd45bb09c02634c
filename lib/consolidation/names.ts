import { trimEnd } from "../trim-end";
import { perText } from "./per-text";

/**
 * The named things a memory speaks of, as written (case kept): commands, paths, flags, options,
 * identifiers. A merge is "same subject, same claim": two memories that each name a thing the
 * other does not (`IPWhiteList` / `IPAllowList`, `npm run build` / `pnpm build`, `-packageName` /
 * `-g 'output:package'`) speak of different things, whatever their words or vectors say.
 */

const HAN = /[\u3400-\u9fff]/;
/** Runs of the characters names are made of (a code span is taken whole). */
const TOKEN = /`[^`\n]+`|[A-Za-z0-9_./:@=+#~\\-]+/g;
/** Only digits and separators: a number or a version, which the number guards judge. */
const NUMERIC = /^[vV]?[\d.,:%/x×+-]*$/;
const LETTER = /[A-Za-z]/;
/** Written as code: a dot, slash, colon, underscore, @ or = inside; a flag; camelCase; a digit among letters. */
const CODE_LIKE = /^-{1,2}[A-Za-z]|[A-Za-z0-9][./:_@=\\][A-Za-z0-9.]|[a-z][A-Z]|[A-Za-z]\d|\d[A-Za-z]/;

/** The names in a text: in English, the tokens written as code; in a text with Chinese, every Latin word too. */
export const namedThingsOf = perText((text: string): ReadonlySet<string> => {
  const chinese = HAN.test(text);
  const out = new Set<string>();
  for (const m of text.matchAll(TOKEN)) {
    // A sentence's last full stop or comma is not part of the name ("go.mod." -> "go.mod"; "./..." stays),
    // nor is a folder's last slash ("src/stores/" is "src/stores").
    const t = trimEnd(m[0], ",:;")
      .replace(/(?<=[A-Za-z0-9`/])\.$/, "")
      .replace(/(?<=[A-Za-z0-9])\/$/, "");
    if (!LETTER.test(t) || NUMERIC.test(t) || ABBREVIATION.test(t)) continue;
    if (t.startsWith("`") || CODE_LIKE.test(t) || (chinese && t.length >= 2)) out.add(t);
  }
  return out;
});

/** "e.g", "i.e": abbreviations, not names. */
const ABBREVIATION = /^[A-Za-z]\.[A-Za-z]$/;
/** Where a name is extended: `java.util.ServiceLoader` is `ServiceLoader`, `feature/xxx` is in `feature`, `--wasm-opt=true` is `--wasm-opt`. */
const SEPARATOR = /[./:=@\\]/;

/**
 * `n` is named in `names`: the same name, or it extended at a separator (either way); a plain word
 * (letters only) also in another case or with a plural s ("commit" / "Commits"). Code keeps its
 * case: `DELIMITER.FIELD` is not `delimiter.field`.
 */
function named(n: string, names: ReadonlySet<string>): boolean {
  if (names.has(n)) return true;
  const plain = /^[A-Za-z]+$/.test(n);
  for (const m of names) {
    if (plain && /^[A-Za-z]+$/.test(m)) {
      const [x, y] = [n.toLowerCase().replace(/s$/, ""), m.toLowerCase().replace(/s$/, "")];
      if (x === y) return true;
      continue;
    }
    const [short, long] = n.length < m.length ? [n, m] : [m, n];
    if (long.startsWith(short) && SEPARATOR.test(long[short.length]!)) return true;
    if (long.endsWith(short) && SEPARATOR.test(long[long.length - short.length - 1]!)) return true;
  }
  return false;
}

/** Each of the two names a thing the other does not: they speak of different things. */
export function namedThingsDiffer(a: string, b: string): boolean {
  const na = namedThingsOf(a);
  const nb = namedThingsOf(b);
  let onlyA = false;
  for (const n of na)
    if (!named(n, nb)) {
      onlyA = true;
      break;
    }
  if (!onlyA) return false;
  for (const n of nb) if (!named(n, na)) return true;
  return false;
}
