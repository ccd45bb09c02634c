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

/**
 * Names the merge guard reads besides namedThingsOf's (guardNamesOf; not used to pair memories):
 * a decorator or directive (`@validator`, `@tailwind`, `@import`; not an e-mail address), a route
 * (`/search`), a keyword argument (`backref=`: the name, without its `=`). Each is code, so two
 * memories that each name one the other does not speak of two things ("… with back_populates=" /
 * "… with backref=").
 */
const DECORATOR = /(?<![\w@./-])@[A-Za-z][\w-]*/g;
const ROUTE = /(?<![\w./~-])\/[a-z][\w-]*/g;
const KEYWORD = /(?<![\w.-])([A-Za-z_]\w*)=(?![\w"'`<-])/g;

/** The names as the merge guard reads them: namedThingsOf's, plus decorators, routes and keyword arguments. */
export const guardNamesOf = perText((text: string): ReadonlySet<string> => {
  const out = new Set(namedThingsOf(text));
  for (const m of text.matchAll(DECORATOR)) out.add(m[0]);
  for (const m of text.matchAll(ROUTE)) out.add(m[0]);
  for (const m of text.matchAll(KEYWORD)) out.add(m[1]!);
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
  // The same key with another value is another setting (`--wasm-opt=-Oz` / `--wasm-opt=true`).
  if (otherValueOfKey(n, names)) return false;
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

/** `key=value`: its key and value (undefined when it is not one, or either is empty). */
function keyValue(n: string): [string, string] | undefined {
  const i = n.indexOf("=");
  return i > 0 && i < n.length - 1 ? [n.slice(0, i), n.slice(i + 1)] : undefined;
}

/** `n` is `key=value` and `names` gives the same key another value only. */
function otherValueOfKey(n: string, names: ReadonlySet<string>): boolean {
  const kv = keyValue(n);
  if (!kv) return false;
  for (const m of names) {
    const other = keyValue(m);
    if (other && other[0] === kv[0] && other[1] !== kv[1]) return true;
  }
  return false;
}

/**
 * Each of the two names a thing the other does not (guardNamesOf: code, paths, flags, decorators,
 * routes, keyword arguments; a key given another value counts as another thing): they speak of
 * different things.
 */
export function namedThingsDiffer(a: string, b: string): boolean {
  const na = guardNamesOf(a);
  const nb = guardNamesOf(b);
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

/** Programs that run another word as their command ("npm run build", "uv sync", "go test"). */
const LAUNCHERS = new Set([
  "npm",
  "pnpm",
  "yarn",
  "npx",
  "bun",
  "bunx",
  "uv",
  "uvx",
  "pip",
  "poetry",
  "go",
  "cargo",
  "git",
  "make",
  "docker",
  "kubectl",
  "helm",
  "gh",
  "flask",
  "alembic",
  "jest",
  "vitest",
  "eslint",
  "prettier",
  "golangci-lint",
  "terraform",
  "deno",
  "dotnet",
  "mvn",
  "gradle",
  "rails",
  "bundle",
  "mix",
]);
/** Words that end a command in a sentence (it goes on in prose). */
const PROSE = new Set("to so and or the a an before after when with in on for from then once only is are runs rewrites starts writes first".split(" "));
/** A word a command line is made of: lower case, digits, `:._/-`, or a flag. */
const COMMAND_WORD = /^(?:--?)?[a-z0-9][a-z0-9:._/@=-]*$/;

/** A launcher's first word that runs another command: the command is the word after it too. */
const GROUPS = new Set(["run", "exec", "x", "dlx", "tool", "turbo", "supabase", "workspace", "--filter", "-C"]);

/**
 * The commands a text runs: a launcher's subcommand ("npm test"; after `run`, `exec`, `--filter`…
 * the word after it too: "npm run build"), or a program's followed by a flag ("kwpolicy bench
 * --request-path").
 */
function commandsOf(text: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  // A command in backticks, quotes or parentheses ("with `npm run format`") opens with them.
  const words = text.split(/\s+/).map(opened);
  for (let i = 0; i < words.length - 1; i++) {
    const w = words[i]!;
    const program = LAUNCHERS.has(w) || (COMMAND_WORD.test(w) && !PROSE.has(w) && COMMAND_WORD.test(words[i + 1]!) && isArgument(words[i + 2] ?? ""));
    if (!program) continue;
    const run: string[] = [];
    for (let j = i + 1; j < words.length && run.length < (GROUPS.has(run[0] ?? "") ? 2 : 1); j++) {
      const raw = words[j]!;
      // A closing backtick, quote or parenthesis (or the sentence's punctuation) ends the command.
      const t = trimEnd(raw, ".,;:`\"')");
      if (!COMMAND_WORD.test(t) || PROSE.has(t)) break;
      run.push(t);
      if (t !== raw) break;
    }
    if (run.length) out.set(w, (out.get(w) ?? new Set()).add(run.join(" ")));
  }
  return out;
}

/**
 * What a program's subcommand is followed by on a command line: a flag, or a path or address
 * ("kwpolicy pull registry://ghcr.io/org/policy:v1", "tool check ./src"): prose after a verb and a
 * noun is neither.
 */
const isArgument = (w: string) => w.startsWith("-") || URL_OR_PATH.test(w);
const URL_OR_PATH = /^[a-z][a-z0-9+.-]*:\/\/|^\.{0,2}\/[\w.]|^[\w.-]+\/[\w.-]/;

/** A word without the backticks, quotes and parentheses it opens with. */
function opened(word: string): string {
  let i = 0;
  while (i < word.length && "`\"'(".includes(word[i]!)) i++;
  return i === 0 ? word : word.slice(i);
}

/** One command is the other or starts it ("npm run" / "npm run build": the first names no script). */
const sameCommand = (x: string, y: string) => x === y || x.startsWith(`${y} `) || y.startsWith(`${x} `);

/**
 * The two run one program with another command ("kwpolicy bench …" / "kwpolicy run …", "npm run
 * format" / "npm run format:check", "pnpm supabase start" / "pnpm supabase db reset"): two
 * procedures in one frame, not one told twice. Only when neither text also runs the other's.
 */
export function commandsDiffer(a: string, b: string): boolean {
  const [ca, cb] = [commandsOf(a), commandsOf(b)];
  for (const [program, runs] of ca) {
    const other = cb.get(program);
    if (other !== undefined && ![...runs].some((r) => [...other].some((o) => sameCommand(r, o)))) return true;
  }
  return false;
}
