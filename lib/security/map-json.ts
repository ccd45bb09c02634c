import type { Steps } from "../slices";

/**
 * A copy of a JSON-like value with every string mapped (and object keys, with `mapKey`), walked
 * with an explicit stack instead of recursion: no nesting depth can overflow the call stack (a
 * metadata value or an imported KV value nested thousands of levels deep used to). A generator of
 * steps, one a value (lib/slices.ts): `runAll` for the synchronous forms, `runSliced`
 * on the server. `mapString` gets the nearest object key above the string (undefined at the top or
 * in arrays at the top); it may return steps, so a long string can be done in slices too. Two keys
 * that map to the same text both stay: the later one gets ` (2)`, ` (3)`...
 */
export function* mapJsonSteps(
  value: unknown,
  mapString: (s: string, key: string | undefined) => string | Steps<string>,
  mapKey?: (key: string) => string,
): Steps<unknown> {
  if (typeof value === "string") return yield* stringSteps(mapString(value, undefined));
  if (!isContainer(value)) return value;
  const root = open(value, undefined);
  const stack: Frame[] = [root];
  while (stack.length) {
    const frame = stack[stack.length - 1];
    if (frame.i === frame.items.length) {
      stack.pop();
      continue;
    }
    const i = frame.i++;
    const item = frame.items[i];
    const key = frame.names ? frame.names[i] : frame.key;
    let mapped: unknown = item;
    if (typeof item === "string") mapped = yield* stringSteps(mapString(item, key));
    else if (isContainer(item)) {
      const child = open(item, key);
      stack.push(child);
      mapped = child.out;
    }
    if (Array.isArray(frame.out)) frame.out.push(mapped);
    else {
      const name = uniqueKey(frame.out, mapKey ? mapKey(frame.names![i]) : frame.names![i]);
      // An own `__proto__` key (JSON.parse makes one) stays a key; an assignment would set the prototype.
      if (name === "__proto__") Object.defineProperty(frame.out, name, { value: mapped, writable: true, enumerable: true, configurable: true });
      else frame.out[name] = mapped;
    }
    yield;
  }
  return root.out;
}

function* stringSteps(out: string | Steps<string>): Steps<string> {
  return typeof out === "string" ? out : yield* out;
}

interface Frame {
  items: unknown[];
  /** The keys of `items` for an object, null for an array. */
  names: string[] | null;
  out: unknown[] | Record<string, unknown>;
  i: number;
  /** The key strings of an array are read under. */
  key: string | undefined;
}

const isContainer = (v: unknown): v is object => typeof v === "object" && v !== null;

function open(value: object, key: string | undefined): Frame {
  if (Array.isArray(value)) return { items: value, names: null, out: [], i: 0, key };
  const names = Object.keys(value);
  return { items: names.map((k) => (value as Record<string, unknown>)[k]), names, out: {}, i: 0, key };
}

function uniqueKey(out: Record<string, unknown>, base: string): string {
  let name = base;
  for (let n = 2; Object.hasOwn(out, name); n++) name = `${base} (${n})`;
  return name;
}
