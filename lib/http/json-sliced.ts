import { runAll, runSliced, type Steps } from "../slices";
import { MAX_JSON_DEPTH, type TooDeep } from "./json-depth";

/**
 * JSON.parse of a big request body in slices, so the event loop keeps serving other requests
 * (`/api/health`) while a 40 MB history is parsed: one JSON.parse of it held the loop for seconds.
 *
 * Two passes over the text, each a generator of steps (lib/slices.ts):
 * 1. a scan of the brackets (strings skipped with indexOf) finds every array or object whose text
 *    is at least SPLIT_CHARS long, and the nesting depth: past `maxDepth` the body is refused
 *    before anything is built (the same limit and message as `findTooDeep`);
 * 2. the value is built: those big containers element by element, strings at least SPLIT_CHARS
 *    long a piece at a time (a transcript sent as one string), every other value (a message, a
 *    part) by JSON.parse of its own text, which stays native and small.
 * The result equals `JSON.parse(text)` (own `__proto__` keys included); text that is not JSON
 * throws a SyntaxError like JSON.parse's.
 */

/** Bodies shorter than this are parsed whole (a few milliseconds). */
export const SLICED_JSON_CHARS = 512 * 1024;
/** A container at least this long is built element by element; anything shorter by one JSON.parse. */
const SPLIT_CHARS = 64 * 1024;

export type SlicedJson = { value: unknown } | { tooDeep: TooDeep };

export function parseJsonSliced(text: string, maxDepth = MAX_JSON_DEPTH): Promise<SlicedJson> {
  return runSliced(parseSteps(text, maxDepth));
}

/** The parse's steps (tests count them: a long string must not be one step). */
export function parseJsonSteps(text: string, maxDepth = MAX_JSON_DEPTH): Steps<SlicedJson> {
  return parseSteps(text, maxDepth);
}

/** The same parse run to the end at once (tests compare it with JSON.parse). */
export function parseJsonWhole(text: string, maxDepth = MAX_JSON_DEPTH): SlicedJson {
  return runAll(parseSteps(text, maxDepth));
}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const COMMA = 44;
const COLON = 58;
/** Steps between two yields: a yield costs a clock read, so not every character. */
const STEP_CHARS = 16 * 1024;

const invalid = (what: string, at: number) => new SyntaxError(`${what} in JSON at position ${at}`);

/** The index just past the string starting at `start` (a `"`). */
function stringEnd(text: string, start: number): number {
  return stringEndFrom(text, start, start, Number.POSITIVE_INFINITY);
}

/**
 * `stringEnd` searched from the quote at `from`; gives up at the first escaped quote at or past
 * `stopAt` and returns minus its index (search again from there): a long string is crossed in steps.
 */
function stringEndFrom(text: string, start: number, from: number, stopAt: number): number {
  let i = from;
  for (;;) {
    i = text.indexOf('"', i + 1);
    if (i < 0) throw invalid("Unterminated string", start);
    let backslashes = 0;
    for (let j = i - 1; text.charCodeAt(j) === BACKSLASH; j--) backslashes++;
    if (backslashes % 2 === 0) return i + 1;
    if (i >= stopAt) return -i;
  }
}

/** The rest of `stringEndFrom`'s search, a step every STEP_CHARS (a 50 MB transcript is one JSON string). */
function* stringEndSteps(text: string, start: number, from: number): Steps<number> {
  for (;;) {
    yield;
    const end = stringEndFrom(text, start, from, from + STEP_CHARS);
    if (end > 0) return end;
    from = -end;
  }
}

/** Characters of a long string decoded by one JSON.parse. */
const STRING_PIECE_CHARS = 256 * 1024;

/**
 * The long string `text[start, end)` (quotes included) decoded a piece at a time: each piece is
 * cut where no escape is open, so the pieces joined equal `JSON.parse` of the whole (an escaped
 * surrogate pair cut in two gives the same two UTF-16 units).
 */
export function* decodeStringSteps(text: string, start: number, end: number): Steps<string> {
  const pieces: string[] = [];
  const last = end - 1;
  for (let from = start + 1; from < last; ) {
    const to = from + STRING_PIECE_CHARS >= last ? last : safeCut(text, from + STRING_PIECE_CHARS);
    pieces.push(JSON.parse(`"${text.slice(from, to)}"`) as string);
    from = to;
    yield;
  }
  return pieces.join("");
}

/** `at`, or the start of the escape (`\n`, `\u0041`) that `at` falls inside. */
function safeCut(text: string, at: number): number {
  for (let q = at - 1; q >= at - 5; q--) {
    if (text.charCodeAt(q) !== BACKSLASH) continue;
    let before = 0;
    for (let j = q - 1; text.charCodeAt(j) === BACKSLASH; j--) before++;
    // An even run before it: `q` starts an escape; it ends at q + 2, or q + 6 for \uXXXX.
    if (before % 2 === 0) return q + (text.charCodeAt(q + 1) === 117 ? 6 : 2) > at ? q : at;
    return at;
  }
  return at;
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

function* parseSteps(text: string, maxDepth: number): Steps<SlicedJson> {
  const first = skipSpace(text, 0);
  const c = text.charCodeAt(first);
  if (text.length < SLICED_JSON_CHARS || (c !== OPEN_ARRAY && c !== OPEN_OBJECT)) return { value: JSON.parse(text) };
  const scan = yield* scanSteps(text, first, maxDepth);
  if ("tooDeep" in scan) return { tooDeep: yield* pathAtSteps(text, scan.tooDeep, maxDepth) };
  const builder = new Builder(text, scan.bigEnds);
  const value = yield* builder.value(first);
  const rest = skipSpace(text, builder.at);
  if (rest < text.length) throw invalid(`Unexpected non-whitespace character after JSON`, rest);
  return { value };
}

/**
 * Pass 1: the end of every container of at least SPLIT_CHARS (by its start), or the position of
 * the first bracket nested deeper than `maxDepth`. Brackets must pair up; the rest of the syntax
 * is checked by pass 2 and JSON.parse.
 */
function* scanSteps(text: string, start: number, maxDepth: number): Steps<{ bigEnds: Map<number, number> } | { tooDeep: number }> {
  const bigEnds = new Map<number, number>();
  const opens: number[] = [];
  let nextYield = start + STEP_CHARS;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      let end = stringEndFrom(text, i, i, i + STEP_CHARS);
      if (end < 0) end = yield* stringEndSteps(text, i, -end);
      if (end - i >= SPLIT_CHARS) bigEnds.set(i, end);
      i = end - 1;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      opens.push(i);
      if (opens.length > maxDepth) return { tooDeep: i };
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      const open = opens.pop();
      if (open === undefined || text.charCodeAt(open) !== c - 2) throw invalid(`Unexpected token '${text[i]}'`, i);
      if (i + 1 - open >= SPLIT_CHARS) bigEnds.set(open, i + 1);
      if (opens.length === 0) return { bigEnds };
    }
    if (i >= nextYield) {
      nextYield = i + STEP_CHARS;
      yield;
    }
  }
  throw invalid("Unexpected end of JSON input", text.length);
}

/** The path (`messages.3.parts.0.state`) of the container opened at `target`, for the 400. */
function* pathAtSteps(text: string, target: number, maxDepth: number): Steps<TooDeep> {
  // Per open container: its key (objects) or index (arrays).
  const frames: { array: boolean; key: string | number | null }[] = [];
  let nextYield = STEP_CHARS;
  for (let i = skipSpace(text, 0); i < target; i++) {
    const c = text.charCodeAt(i);
    const top = frames[frames.length - 1];
    if (c === QUOTE) {
      // A long string is crossed and a long key decoded in steps, as in the scan.
      let end = stringEndFrom(text, i, i, i + STEP_CHARS);
      if (end < 0) end = yield* stringEndSteps(text, i, -end);
      // A string right after `{` or `,` in an object is a key.
      const before = text.charCodeAt(skipBack(text, i - 1));
      if (top && !top.array && (before === OPEN_OBJECT || before === COMMA))
        top.key = end - i >= SPLIT_CHARS ? yield* decodeStringSteps(text, i, end) : (JSON.parse(text.slice(i, end)) as string);
      i = end - 1;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      frames.push({ array: c === OPEN_ARRAY, key: c === OPEN_ARRAY ? 0 : null });
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      frames.pop();
    } else if (c === COMMA && top?.array) {
      top.key = (top.key as number) + 1;
    }
    if (i >= nextYield) {
      nextYield = i + STEP_CHARS;
      yield;
    }
  }
  const keys = frames.map((f) => f.key ?? "");
  const path = keys.join(".") || "body";
  return { path, keys, message: `${path}: nested deeper than ${maxDepth} levels` };
}

function skipBack(text: string, i: number): number {
  while (i > 0 && isSpace(text.charCodeAt(i))) i--;
  return i;
}

/** Pass 2: builds the value, big containers element by element. */
class Builder {
  /** Where the last value built ended. */
  at = 0;
  private parsedChars = 0;

  constructor(
    private readonly text: string,
    private readonly bigEnds: Map<number, number>,
  ) {}

  *value(start: number): Steps<unknown> {
    const end = this.bigEnds.get(start);
    if (end !== undefined && this.text.charCodeAt(start) === QUOTE) {
      this.at = end;
      return yield* decodeStringSteps(this.text, start, end);
    }
    if (end === undefined) {
      this.at = this.valueEnd(start);
      this.parsedChars += this.at - start;
      if (this.parsedChars >= STEP_CHARS) {
        this.parsedChars = 0;
        yield;
      }
      return JSON.parse(this.text.slice(start, this.at));
    }
    const value = this.text.charCodeAt(start) === OPEN_ARRAY ? yield* this.array(start) : yield* this.object(start);
    this.at = end;
    return value;
  }

  private *array(start: number): Steps<unknown[]> {
    const out: unknown[] = [];
    let i = skipSpace(this.text, start + 1);
    if (this.text.charCodeAt(i) === CLOSE_ARRAY) return out;
    for (;;) {
      out.push(yield* this.value(i));
      i = this.after(this.at, CLOSE_ARRAY);
      if (i < 0) return out;
    }
  }

  private *object(start: number): Steps<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    const text = this.text;
    let i = skipSpace(text, start + 1);
    if (text.charCodeAt(i) === CLOSE_OBJECT) return out;
    for (;;) {
      if (text.charCodeAt(i) !== QUOTE) throw invalid(`Expected property name`, i);
      const bigKeyEnd = this.bigEnds.get(i);
      const keyEnd = bigKeyEnd ?? stringEnd(text, i);
      const key = bigKeyEnd === undefined ? (JSON.parse(text.slice(i, keyEnd)) as string) : yield* decodeStringSteps(text, i, keyEnd);
      i = skipSpace(text, keyEnd);
      if (text.charCodeAt(i) !== COLON) throw invalid(`Expected ':' after property name`, i);
      const value = yield* this.value(skipSpace(text, i + 1));
      // JSON.parse makes `__proto__` an own property; an assignment would set the prototype.
      if (key === "__proto__") Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true });
      else out[key] = value;
      i = this.after(this.at, CLOSE_OBJECT);
      if (i < 0) return out;
    }
  }

  /** After a member: the start of the next one past a `,`, or -1 at the container's `close`. */
  private after(at: number, close: number): number {
    const i = skipSpace(this.text, at);
    const c = this.text.charCodeAt(i);
    if (c === close) return -1;
    if (c !== COMMA) throw invalid(`Expected ',' or '${String.fromCharCode(close)}'`, i);
    return skipSpace(this.text, i + 1);
  }

  /** The end of a value shorter than SPLIT_CHARS (or a scalar) starting at `start`. */
  private valueEnd(start: number): number {
    const text = this.text;
    const c = text.charCodeAt(start);
    if (c === QUOTE) return stringEnd(text, start);
    if (c !== OPEN_ARRAY && c !== OPEN_OBJECT) {
      let i = start;
      for (; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === COMMA || d === CLOSE_ARRAY || d === CLOSE_OBJECT || isSpace(d)) break;
      }
      return i;
    }
    let depth = 0;
    for (let i = start; i < text.length; i++) {
      const d = text.charCodeAt(i);
      if (d === QUOTE) i = stringEnd(text, i) - 1;
      else if (d === OPEN_ARRAY || d === OPEN_OBJECT) depth++;
      else if ((d === CLOSE_ARRAY || d === CLOSE_OBJECT) && --depth === 0) return i + 1;
    }
    throw invalid("Unexpected end of JSON input", text.length);
  }
}
