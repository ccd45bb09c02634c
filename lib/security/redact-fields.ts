import crypto from "node:crypto";
import { redact } from "./redaction";
import { asRedacted, type Redacted } from "./redaction/brand";
import { runAll, runSliced } from "../slices";
import { mapJsonSteps } from "./map-json";

/**
 * Redaction of the fields around the text: identifiers, keys and structured values. The detectors
 * themselves live in ./redaction/; this file decides what they run on.
 */

/**
 * A lookup key (KV key, session id, project id, claimed item) as it is stored. The same function
 * runs on the write and on every lookup, so a key that carried a secret is still found by the
 * key the client knows. Two keys that differ only inside a secret become one key.
 */
export function redactKey(key: string): Redacted {
  const redacted = redact(key);
  // A path (a URL segment, a resolved directory) squashes a URL's `//` into `/`, and the URL
  // detectors no longer see `postgres:/app:pw@db`: read it again with the `//` put back.
  if (!key.includes(":/")) return redacted;
  const probe = key.replace(SQUASHED_SCHEME, "$1://");
  if (probe === key) return redacted;
  const unsquashed = redact(probe);
  return unsquashed === probe ? redacted : unsquashed;
}

/**
 * `redactKey` for keys that must stay apart (KV keys, claimed items): when redaction changed the key,
 * a hash of the original follows the redacted text (` #<16 hex>`), so two keys that differ only
 * inside a secret stay two keys (no false claim conflict, no KV entry overwriting another). The
 * secret itself is never stored; the hash is SHA-256 over the whole key, cut to 64 bits. Runs on
 * the write and on every lookup, like `redactKey`, so the client's own key still finds its entry.
 */
export function redactKeyDistinct(key: string): Redacted {
  const redacted = redactKey(key);
  if (redacted === key) return redacted;
  return asRedacted(`${redacted} #${crypto.createHash("sha256").update(`recollect-key:${key}`).digest("hex").slice(0, 16)}`);
}

/** A scheme is a short word: bounded, so that a long run of scheme characters is not rescanned from each start (quadratic). */
const SQUASHED_SCHEME = /\b([a-z][a-z0-9+.-]{0,31}):\/(?=[^/\s])/gi;

/** `redact` for optional fields: null and undefined pass through. */
export function redactOptional<T extends string | null | undefined>(text: T): Redacted<T> {
  return (text ? redact(text) : text) as Redacted<T>;
}

/**
 * A string under a key is also read with its key in front (`password=...`), so a value that only
 * looks secret because of its name (`{ "password": "hunter22" }`) is redacted as `password=hunter22`
 * would be. Only short values: a secret held by a name is short, and long text is redacted alone.
 */
const PAIR_PROBE_MAX = 1000;
const ONE_WORD = /^[^\s"'`,;&]*$/;

function redactUnder(key: string, value: string): string {
  const alone = redact(value);
  if (value.length > PAIR_PROBE_MAX || alone !== value) return alone;
  return redactAsPair(key, value);
}

/**
 * The pair probe of `redactUnder` for a value already redacted alone. A value of one word is read
 * bare, as in an env file (`auth=none` and `key=process.env.KEY` stay); any other is quoted as
 * JSON would be (`password="correct horse battery"`), so it is read whole, spaces and escaped
 * quotes included, where a bare read would stop at the first space.
 */
function redactAsPair(key: string, value: string): string {
  const pair = `${key}=${ONE_WORD.test(value) ? value : JSON.stringify(value)}`;
  const redacted = redact(pair);
  if (redacted === pair) return value;
  // The detector kept the label and replaced the quoted value or part of it: that is the value's redaction.
  if (!redacted.startsWith(`${key}=`)) return value;
  const rest = redacted.slice(key.length + 1);
  if (!rest.startsWith('"') || !rest.endsWith('"')) return rest;
  try {
    return JSON.parse(rest) as string;
  } catch {
    // A span that cut an escape in two: the whole value goes.
    return "[REDACTED:env_secret]";
  }
}

/**
 * Object keys repeat by the thousand in a history (`type`, `text`, `state`...): their redaction is
 * remembered (a pure function of the key), short keys only, a bounded number of them.
 */
const KEY_CACHE_MAX_CHARS = 64;
const KEY_CACHE_MAX = 4096;
const redactedKeys = new Map<string, string>();

function redactObjectKey(key: string): string {
  if (key.length > KEY_CACHE_MAX_CHARS) return redact(key);
  const hit = redactedKeys.get(key);
  if (hit !== undefined) return hit;
  const redacted = redact(key);
  if (redactedKeys.size >= KEY_CACHE_MAX) redactedKeys.clear();
  redactedKeys.set(key, redacted);
  return redacted;
}

/**
 * Redacts every string inside a JSON-like value, object keys included. Two keys that redact to the
 * same text both stay (the later one gets ` (2)`, ` (3)`...), so no value is lost silently.
 */
export function redactKeysDeep<T>(value: T): Redacted<T> {
  return asRedacted(runAll(mapJsonSteps(value, redactUnderKey, redactObjectKey)) as T);
}

function redactUnderKey(value: string, key: string | undefined): string {
  return key === undefined ? redact(value) : redactUnder(key, value);
}

/**
 * A request path as it may be logged: percent-decoded (so an encoded secret is seen) and redacted
 * whole (a secret with `/` in it spans segments), then segment by segment (a secret glued to
 * `/heartbeat` is still found).
 */
export function redactPath(pathname: string): Redacted {
  const decoded = pathname
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment; // a malformed escape: as it came
      }
    })
    .join("/");
  return asRedacted(redactKey(decoded).split("/").map(redact).join("/"));
}

/**
 * The key pass of `redactKeysDeep` for a value whose strings `redactDeep`/`redactDeepAsync` already
 * redacted (big histories): object keys, and short strings read with their key in front.
 */
export function redactKeysAfter<T>(value: T): Redacted<T> {
  return asRedacted(runAll(mapJsonSteps(value, pairProbe, redactObjectKey)) as T);
}

/** `redactKeysAfter` without holding the event loop (slices of lib/slices.ts). */
export async function redactKeysAfterAsync<T>(value: T): Promise<Redacted<T>> {
  return asRedacted((await runSliced(mapJsonSteps(value, pairProbe, redactObjectKey))) as T);
}

// The strings are redacted already: only the pair probe is left to do.
function pairProbe(value: string, key: string | undefined): string {
  return key !== undefined && value.length <= PAIR_PROBE_MAX ? redactAsPair(key, value) : value;
}
