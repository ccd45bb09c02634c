import { isKeyLine } from "./lines";
import { isEditTool, isProtectedTool, isReadTool } from "./tools";

/**
 * Progress output: what a terminal draws over and over while a command runs (curl's transfer
 * meter, a line redrawn after `\r`, a run of progress-bar states) tells nothing once the command
 * has finished, yet a captured output keeps every state. It is removed from every tool output
 * from its first request on, before any other strategy sees the output: the part is then sent
 * the same way every time, and its removed lines are never written to the provider's cache. The
 * original is kept and comes back with memory_expand (phases/measure.ts).
 */
export const PROGRESS_STRATEGY = "progress";

/**
 * Outputs of commands and other tools; not reads (a file's own `\r` or `%` lines are its content),
 * edits, or protected tools (never touched).
 */
export const progressTool = (tool: string, protectedTools: readonly string[]) =>
  !isReadTool(tool) && !isEditTool(tool) && !isProtectedTool(tool, protectedTools);

/** curl's meter: its two header lines and its rows (12 columns, three of them times). */
const CURL_HEADER = /^\s*% Total\s+% Received\s+% Xferd\s+Average Speed\s+Time/;
const CURL_UNITS = /^\s+Dload\s+Upload\s+Total\s+Spent\s+Left\s+Speed\s*$/;
const CURL_ROW = /^\s*(?:[\d.]+[kMGTP]?\s+){8}(?:(?:--|\d+):(?:--|\d\d):(?:--|\d\d)\s+){3}[\d.]+[kMGTP]?\s*$/;
/**
 * One state of a progress bar: tqdm's `NN%|bar| n/total`, a percentage beside a bar of block characters (rich), pip's bar and its sizes,
 * a bracketed bar of `=`/`#` (wget, docker, many CLIs), or wget's rows of dots.
 */
const BAR =
  /\d{1,3}%\|[^|]{0,100}\|\s*[\d.]+[kMG]?\/[\d.]+|\d{1,3}(?:\.\d+)?%.{0,12}?[█▉▊▋▌▍▎▏━╸╺]{3}|[█▉▊▋▌▍▎▏━╸╺]{3}.{0,40}?\d{1,3}(?:\.\d+)?%|[━╸╺]{10}.{0,12}?[\d.]+\/[\d.]+|\[[=#>\- ]{10,}\]|^\s*\d+K(?: \.{10}){1,6}/;
/**
 * What a redrawn state shows: a percentage, a count of a total, a speed, an ETA, a bar or a
 * spinner. A line whose `\r`-separated states show none of these is not a redraw: text with
 * old-Mac (`\r`) line endings keeps every line.
 */
const PROGRESS_MARK = /\d%|(?<![\d/])\d+\/\d+(?![\d/])|\d[kMG]i?B\/s|\beta\b|[█▉▊▋▌▍▎▏━╸╺]{3}|^\s*[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏⣾⣽⣻⢿⡿⣟⣯⣷]/i;
/** What every progress output has one of (one pass over an output without any). */
const MAYBE = /[\r%━]|K \.|\[[=#]{2}/;
/** Long lines are not progress: not looked at (and the patterns stay linear). */
const MAX_LINE = 400;

export interface WithoutProgress {
  text: string;
  /** Lines (and redrawn states of lines) removed. */
  removed: number;
}

/** `text` without its progress output; undefined when it has none. */
export function withoutProgress(text: string): WithoutProgress | undefined {
  if (!MAYBE.test(text)) return undefined;
  let removed = 0;
  const lines: string[] = [];
  for (const raw of text.split("\n")) {
    // A line redrawn after `\r` shows only its last state (a `\r` that ends a line is a CRLF ending).
    const body = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (!body.includes("\r")) {
      lines.push(raw);
      continue;
    }
    const states = body.split("\r");
    if (!states.some((state) => state.length <= MAX_LINE && PROGRESS_MARK.test(state))) {
      lines.push(raw);
      continue;
    }
    let last = states.length - 1;
    while (last > 0 && !states[last].trim()) last--;
    // An error drawn and then drawn over still counts (key lines always survive).
    for (let k = 0; k < last; k++) if (isKeyLine(states[k])) lines.push(states[k]);
    removed += states.length - 1 - states.slice(0, last).filter(isKeyLine).length;
    lines.push(states[last] + (raw.length > body.length ? "\r" : ""));
  }
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (CURL_HEADER.test(line) && i + 1 < lines.length && CURL_UNITS.test(lines[i + 1])) {
      let j = i + 2;
      if (j < lines.length && !lines[j].trim()) j++;
      while (j < lines.length && lines[j].length <= MAX_LINE && CURL_ROW.test(lines[j])) j++;
      removed += j - i;
      i = j - 1;
      continue;
    }
    // Of a run of progress-bar states, the last one stays (where the bar ended).
    if (isBar(line) && !isKeyLine(line) && i + 1 < lines.length && isBar(lines[i + 1])) {
      removed++;
      continue;
    }
    out.push(line);
  }
  return removed ? { text: out.join("\n"), removed } : undefined;
}

const isBar = (line: string) => line.length <= MAX_LINE && BAR.test(line);
