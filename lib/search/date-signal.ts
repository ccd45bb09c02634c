import type { ParsedResult } from "chrono-node";
// English only: the whole package loads every locale (about 8 times the start-up time).
import * as chrono from "chrono-node/en";

/**
 * Issue 42, date questions: what a question asks of time, and the times a memory states. A
 * question asking "when" (or "how long", "what year") is answered by a memory that states a time
 * ("yesterday", "last Saturday", "ten years ago", "in 2022"); a question naming a date ("in May
 * 2023") by a memory stated, or written, in it. Dates are parsed by chrono-node, relative ones
 * against the memory's own date (its `date` metadata when it parses, else when it was stored).
 */
export interface DateIntent {
  /** The question asks for a time or a duration. */
  asksWhen: boolean;
  /** The span the question names (ms since the epoch, end exclusive), if it names one. */
  range: TimeSpan | null;
}

export interface TimeSpan {
  start: number;
  end: number;
}

/** A question that opens by asking for a time ("when" later in a question is a condition: "what happens when ..."). */
const ASKS_WHEN =
  /^\W*(when|since when|how long|how many (years|months|weeks|days)|(in |on )?(what|which) (year|month|day|date|week|time of year))\b|什么时候|何时|哪一?年|哪一?天|几月|多久/i;
/** A year on its own ("in 2022") is a stated time chrono-node leaves out. */
const BARE_YEAR = /\b(19|20)\d{2}\b/;
/**
 * Words without which chrono-node (English) finds no date: a text holding none skips the parser, the
 * costly part (on the 788 LoCoMo dev turns, 486 skip it and the parser finds nothing in any of them).
 */
const TIME_CUE =
  /\d|\b(yesterday|tomorrow|tmrw?|tonight|today|ago|last|next|past|this|coming|previous|noon|midnight|morning|evening|eve|afternoon|night|week|weekend|month|year|decade|day|hour|minute|second|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|several|couple|half|within|since|until|till|before|after|from|by|now|soon|later|earlier|recently|lately|christmas|easter)\b/i;
/** A present-tense reference says nothing about when something happened. */
const NOT_A_TIME = /^(now|right now|today|tonight|this moment)$/i;

export function dateIntent(query: string, now: Date): DateIntent {
  const asksWhen = ASKS_WHEN.test(query);
  let range: TimeSpan | null = null;
  // Every search asks this: a question without a time word skips the parser, as a memory's text does.
  for (const r of TIME_CUE.test(query) ? safeParse(query, now) : []) {
    if (NOT_A_TIME.test(r.text.trim())) continue;
    range = spanOf(r);
    break;
  }
  return { asksWhen, range };
}

export interface StatedTimes {
  states: boolean;
  spans: readonly TimeSpan[];
}

/**
 * What `statedTimes` found, by reference time and text: a "when" question parses up to 30 of its
 * hits with chrono-node (about a tenth of a lexical search's CPU at 100,000 memories), and the
 * memories a store's questions reach are mostly the same ones. A pure function of its key within a
 * process (spans are local days); emptied when it grows past STATED_MAX. Longer texts are parsed
 * each time (chrono-node reads only their first MAX_PARSED characters anyway, but the cues
 * are looked for in all of them).
 */
const statedMemo = new Map<string, StatedTimes>();
const STATED_MAX = 5_000;
const MAX_PARSED = 2_000;

/** The times a text states, relative ones resolved against `reference`. */
export function statedTimes(text: string, reference: Date): StatedTimes {
  if (!TIME_CUE.test(text)) return { states: false, spans: [] };
  if (text.length > MAX_PARSED) return parseStated(text, reference);
  const key = `${reference.getTime()} ${text}`;
  let found = statedMemo.get(key);
  if (found === undefined) {
    found = parseStated(text, reference);
    if (statedMemo.size >= STATED_MAX) statedMemo.clear();
    statedMemo.set(key, found);
  }
  return found;
}

function parseStated(text: string, reference: Date): StatedTimes {
  const spans = safeParse(text, reference)
    .filter((r) => !NOT_A_TIME.test(r.text.trim()))
    .map(spanOf);
  return Object.freeze({ states: spans.length > 0 || BARE_YEAR.test(text), spans: Object.freeze(spans) });
}

/** A memory's own date: its `date` metadata when chrono-node reads it, else its creation time. */
export function memoryDate(metadata: Record<string, unknown>, createdAt: number): Date {
  const stated = typeof metadata.date === "string" ? chrono.parseDate(metadata.date.slice(0, 100)) : null;
  return stated ?? new Date(createdAt);
}

export const overlaps = (a: TimeSpan, b: TimeSpan) => a.start < b.end && b.start < a.end;

/** A day, month or year, as precise as the expression is certain of. */
function spanOf(r: ParsedResult): TimeSpan {
  const start = r.start.date();
  const unit = r.start.isCertain("day") ? "day" : r.start.isCertain("month") ? "month" : "year";
  const from =
    unit === "day"
      ? new Date(start.getFullYear(), start.getMonth(), start.getDate())
      : unit === "month"
        ? new Date(start.getFullYear(), start.getMonth(), 1)
        : new Date(start.getFullYear(), 0, 1);
  const last = r.end?.date() ?? start;
  const to =
    unit === "day"
      ? new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1)
      : unit === "month"
        ? new Date(last.getFullYear(), last.getMonth() + 1, 1)
        : new Date(last.getFullYear() + 1, 0, 1);
  return { start: from.getTime(), end: Math.max(to.getTime(), from.getTime() + 1) };
}

/** chrono-node on bounded text; a parser failure is no date, never a failed search. */
function safeParse(text: string, reference: Date): ParsedResult[] {
  try {
    return chrono.parse(text.slice(0, MAX_PARSED), reference);
  } catch {
    return [];
  }
}
