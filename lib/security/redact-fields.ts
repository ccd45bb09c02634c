import { redact } from "./redact";

/**
 * Redaction of the fields around the text: identifiers, keys and structured values. The detectors
 * themselves live in ./redact.ts; this file decides what they run on.
 */

/**
 * A lookup key (KV key, session id, project id, claimed item) as it is stored. The same function
 * runs on the write and on every lookup, so a key that carried a secret is still found by the
 * key the client knows. Two keys that differ only inside a secret become one key.
 */
export function redactKey(key: string): string {
  return redact(key);
}

/** `redact` for optional fields: null and undefined pass through. */
export function redactOptional<T extends string | null | undefined>(text: T): T {
  return (text ? redact(text) : text) as T;
}

/**
 * A string under a key is also read with its key in front (`password=...`), so a value that only
 * looks secret because of its name (`{ "password": "hunter22" }`) is redacted as `password=hunter22`
 * would be. Only short values: a secret held by a name is short, and long text is redacted alone.
 */
const PAIR_PROBE_MAX = 1000;

function redactUnder(key: string, value: string): string {
  const alone = redact(value);
  if (value.length > PAIR_PROBE_MAX || alone !== value) return alone;
  const pair = `${key}=${value}`;
  const redacted = redact(pair);
  if (redacted === pair) return value;
  // The detector kept the label and replaced what follows `=`: that is the value's redaction.
  return redacted.startsWith(`${key}=`) ? redacted.slice(key.length + 1) : alone;
}

/**
 * Redacts every string inside a JSON-like value, object keys included. Two keys that redact to the
 * same text both stay (the later one gets ` (2)`, ` (3)`...), so no value is lost silently.
 */
export function redactKeysDeep<T>(value: T): T {
  return walk(value, undefined) as T;
}

function walk(value: unknown, key: string | undefined): unknown {
  if (typeof value === "string") return key === undefined ? redact(value) : redactUnder(key, value);
  if (Array.isArray(value)) return value.map((v) => walk(v, key));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const base = redact(k);
      let name = base;
      for (let n = 2; Object.hasOwn(out, name); n++) name = `${base} (${n})`;
      out[name] = walk(v, k);
    }
    return out;
  }
  return value;
}

/** A request path as it may be logged: percent-decoded (so an encoded secret is seen), then redacted. */
export function redactPath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: redact the path as it came.
  }
  return redact(decoded);
}
