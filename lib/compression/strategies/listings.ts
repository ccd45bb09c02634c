import { footer, LONG_LINE_CHARS, splitLines } from "../lines";
import { trimEnd } from "../../trim-end";
import type { Strategy } from "../types";

/**
 * Long-format directory listings (`ls -l`, `ls -la`, `ls -lh`, `ls -lR`): once aged, every name
 * stays and the columns go (mode, links, owner, group, size, date), in `ls -F` style: `dir/`,
 * `script*`, `link -> target`. What a later step uses of a listing is its names (the path it opens
 * next); the command-output strategy kept the head and the tail and dropped the names in between.
 */

// mode, links, owner [group], size (or `major, minor`), date, name. Bounded: every run is separated
// by a required space, the owner/group choice is lazy over at most two fields, and lines over
// LONG_LINE_CHARS are not read.
const ENTRY =
  /^([-dlcbpsD])[rwxsStT-]{9}[.+@]?\s+\d+\s+(?:\S+\s+){1,2}?(?:\d+,\s*)?\d[\d.,]*[KMGTPEk]?B?\s+(?:\d{4}-\d\d-\d\d(?:\s+\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:\s+[+-]\d{4})?)?|\d\d-\d\d\s+\d\d:\d\d|\S+\s+\d{1,2}\.?\s+(?:\d{4}|\d{1,2}:\d\d)|\d{1,2}\.?\s+\S+\s+(?:\d{4}|\d{1,2}:\d\d))\s(.+)$/;
const TOTAL = /^total\s+[\d.,]+[KMGTPE]?$/;
/** Names per output line when they are joined. */
const LINE_CHARS = 100;

/** A name with a space is quoted (the names are joined with spaces), as `ls` quotes it in a terminal. */
const quote = (name: string) => (/\s/.test(name) && !/^'.*'$/.test(name) ? `'${name.replace(/'/g, "'\\''")}'` : name);

/** `ls -F` style: `dir/`, `run*` (executable, setuid and sticky included), `fifo|`, `socket=`, `link -> target`. */
function shortEntry(type: string, mode: string, name: string): string {
  const link = type === "l" ? / -> /.exec(name) : null;
  if (link) return `${quote(name.slice(0, link.index))} -> ${quote(name.slice(link.index + 4))}`;
  const quoted = quote(name);
  if (type === "d") return quoted.endsWith("/") ? quoted : `${quoted}/`;
  if (type === "p") return `${quoted}|`;
  if (type === "s") return `${quoted}=`;
  return type === "-" && /[xst]/.test(mode) ? `${quoted}*` : quoted;
}

export const listings: Strategy = {
  name: "listings",
  content: true,
  appliesTo: (v) => v.kind === "tool" && v.field === "output",
  apply(text, _v, sc) {
    const lines = splitLines(text);
    const out: string[] = [];
    let row: string[] = [];
    let rowChars = 0;
    let entries = 0;
    let other = 0;
    let shown = 0;
    let omittedNames = 0;
    const flush = () => {
      if (row.length) out.push(row.join(" "));
      row = [];
      rowChars = 0;
    };
    for (const raw of lines) {
      const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
      const m = line.length <= LONG_LINE_CHARS ? ENTRY.exec(line) : null;
      if (!m) {
        // Past the cap nothing more is shown: a `dir:` header with no names under it would read as empty.
        if (omittedNames) {
          if (line.trim() && !TOTAL.test(line.trim())) other++;
          continue;
        }
        flush();
        // Headers (`dir:`), blank lines between directories and errors stay as they are; `total N` (blocks) goes.
        if (TOTAL.test(line.trim())) continue;
        if (line.trim()) other++;
        out.push(line);
        continue;
      }
      entries++;
      if (shown >= sc.p.listingNames) {
        omittedNames++;
        continue;
      }
      const name = shortEntry(m[1], line.slice(1, 10), m[2]);
      if (rowChars && rowChars + name.length + 1 > LINE_CHARS) flush();
      row.push(name);
      rowChars += name.length + 1;
      shown++;
    }
    flush();
    if (omittedNames) out.push(`… ${omittedNames} more entries not shown`);
    // A listing, not an output with a few entries in it (its other lines are for other strategies).
    if (entries < sc.p.minLines || other > entries / 4) return undefined;
    const columns = "modes, owners, sizes and dates dropped";
    const what = omittedNames ? `${entries} entries, ${shown} names shown; ${columns}` : `${entries} entries; ${columns}`;
    return { text: `${trimEnd(out.join("\n"), "\n")}\n${footer(what, sc.ref())}` };
  },
};
