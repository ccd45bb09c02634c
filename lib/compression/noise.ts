import { isKeyLine } from "./lines";
import { isCommandTool } from "./tools";

/**
 * Noise at first send: what a command prints that is noise by construction is left out of the
 * output from the first request that carries it, so the provider never caches what would later be
 * removed (issue 39). Like progress output (./progress.ts), it runs once per output in the measure
 * phase; the original comes back whole with memory_expand. Every key line stays, verbatim, and so
 * do the command's exit status and summary (the last lines).
 *
 * What counts as noise, and nothing else:
 * - ANSI escape sequences (colours, cursor moves);
 * - passing-test lines: `test_x.py::test_y PASSED`, a pytest line of dots, `test_a (m.T) ... ok`,
 *   `test a ... ok` (cargo), `--- PASS:` and `=== RUN` (go), `✓ name` (jest, mocha);
 * - install logs: pip's `Collecting`, `Downloading`, `Requirement already satisfied`…, apt's
 *   `Get:`, `Unpacking`, `Setting up`…, npm's `npm WARN deprecated`;
 * - a line repeated more than twice in a row: once, then how many times more;
 * - a long listing (more than LISTING_LINES lines, 90% of them paths or `ls -l` rows): its first
 *   LISTING_HEAD and last LISTING_TAIL entries, and every line between that is not an entry.
 *
 * Only command outputs (bash and the like), and never a command that shows what the model must
 * read whole: a file (`cat`, `sed -n`, `head`, `tail`, `nl`, `less`), a diff or a commit
 * (`git diff`, `git show`, `diff`, `git log -p`). Reads, edits and protected tools are never
 * touched.
 */
export const NOISE_STRATEGY = "noise";

/** Commands whose output is a file's or a diff's content: never cut at first send. */
const READS_WHOLE = /^\s*(?:sudo\s+)?(?:cat|head|tail|nl|less|more|bat|sed\s+-n|awk|git\s+(?:diff|show|log\s+-p|format-patch)|diff|cmp|xxd|od|hexdump)\b/;
/** A command made of several: it reads whole when any of its parts does. */
// No `\s*` around the operators (quadratic on a long run of spaces): READS_WHOLE skips leading spaces.
const PARTS = /&&|\|\||;|\|/;

export function noiseTool(tool: string, input: unknown): boolean {
  if (!isCommandTool(tool)) return false;
  const command = (input as { command?: unknown } | undefined)?.command;
  if (typeof command !== "string") return true;
  return !command.split(PARTS).some((c) => READS_WHOLE.test(c));
}

const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g;

const PASSING = [
  // Quadratic in principle; tried only on lines under 500 characters (regex-audit.test.ts BOUNDED).
  /::\S+\s+PASSED(?:\s+\[\s*\d+%\])?\s*$/,
  /^[\w./-]+\.py\s+[.sx]+\s*(?:\[\s*\d+%\]\s*)?$/,
  /^test\w*\s+\([\w.]+\)(?:\s+\S(?:.*\S)?)?\s+\.\.\.\s+ok\s*$/,
  /^test\s+\S+\s+\.\.\.\s+ok\s*$/,
  /^\s*--- PASS: /,
  /^=== (?:RUN|PAUSE|CONT)\s/,
  /^\s*[✓✔√]\s/,
];
const INSTALL =
  /^\s*(?:Collecting|Downloading|Using cached|Requirement already satisfied|Obtaining|Preparing metadata|Getting requirements|Installing build dependencies|Building wheels? for|Created wheel|Stored in directory|Looking in indexes|Attempting uninstall|Found existing installation|Uninstalling|Successfully uninstalled|Get:\d+|Hit:\d+|Ign:\d+|Unpacking|Selecting previously unselected|Preparing to unpack|Setting up|Processing triggers|npm WARN deprecated)\b/;

/** A path or an `ls -l` row: what a listing is made of. */
const LISTING_ROW = /^(?:[./\w@+-][\w./@+-]*\/?:?|[-dlcbps][-rwxsStT]{9}[.+@]?\s+\d+\s.+)$/;
export const LISTING_LINES = 150;
const LISTING_HEAD = 60;
const LISTING_TAIL = 15;
/** A line repeated in a row more than this many times is shown once. */
const REPEATS = 2;

export interface WithoutNoise {
  text: string;
  /** Lines removed, by kind. */
  removed: Record<string, number>;
}

/** `text` without its noise; undefined when it has none. */
export function withoutNoise(text: string): WithoutNoise | undefined {
  const removed: Record<string, number> = {};
  const count = (kind: string, n = 1) => void (removed[kind] = (removed[kind] ?? 0) + n);
  const plain = text.includes("\x1b") ? text.replace(ANSI, "") : text;
  if (plain !== text) count("escape sequences", 0);
  const lines = plain.split("\n");
  // The last lines are how the command ended (its summary, its status): always kept.
  const tailFrom = Math.max(0, lines.length - 3);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (i < tailFrom && line.length < 500 && !isKeyLine(line)) {
      if (PASSING.some((p) => p.test(line))) {
        count("passing-test lines");
        continue;
      }
      if (INSTALL.test(line)) {
        count("install-log lines");
        continue;
      }
    }
    let run = 1;
    while (i + run < lines.length && lines[i + run] === line) run++;
    if (run > REPEATS && line.trim() && !isKeyLine(line)) {
      out.push(line, `[the line above ${run - 1} more times]`);
      count("repeated lines", run - 1);
      i += run - 1;
      continue;
    }
    out.push(line);
  }
  const listed = listingCut(out);
  if (listed) count("listing entries", listed.removed);
  const result = listed?.lines ?? out;
  if (plain === text && !Object.keys(removed).length) return undefined;
  return { text: result.join("\n"), removed };
}

/** A long listing's first and last entries (and every key line between); undefined for what is not one. */
function listingCut(lines: string[]): { lines: string[]; removed: number } | undefined {
  const rows = lines.filter((l) => l.trim());
  if (rows.length <= LISTING_LINES) return undefined;
  const listing = rows.filter((l) => LISTING_ROW.test(l.trim())).length;
  if (listing < 0.9 * rows.length) return undefined;
  const head = lines.slice(0, LISTING_HEAD);
  const tail = lines.slice(lines.length - LISTING_TAIL);
  const middle = lines.slice(LISTING_HEAD, lines.length - LISTING_TAIL);
  // What is not an entry (an error of the listing command, a key line) stays.
  const keys = middle.filter((l) => isKeyLine(l) || (l.trim() !== "" && !LISTING_ROW.test(l.trim())));
  const removed = middle.length - keys.length;
  return { lines: [...head, `… ${removed} more entries not shown …`, ...keys, ...tail], removed };
}

/** The footer's summary: `120 passing-test lines, 40 install-log lines` (escape sequences are not counted). */
export const noiseSummary = (removed: Record<string, number>) =>
  Object.entries(removed)
    .map(([kind, n]) => (n ? `${n} ${kind}` : kind))
    .join(", ");
