/**
 * What the plugin sent, kept to tell next turn what changed without serializing the history again:
 * a snapshot copies a JSON value's objects and arrays but shares its strings (immutable in
 * JavaScript), and comparing against it costs a walk and string comparisons (a pointer check when
 * the host hands the same strings again), where JSON.stringify would copy and escape every
 * character of a 200K-token history each turn.
 */
export type Snapshot = unknown;

const isPlain = (v: object) => {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

export function snapshot(value: unknown): Snapshot {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(snapshot);
  // Not JSON (a Date, a class instance): kept by reference, so it only ever equals itself.
  if (!isPlain(value)) return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) out[k] = snapshot((value as Record<string, unknown>)[k]);
  return out;
}

/** True when `value` still equals the snapshot taken of it (JSON values: own keys, arrays in order). */
export function sameAsSnapshot(value: unknown, snap: Snapshot): boolean {
  if (value === snap) return true;
  if (typeof value !== "object" || typeof snap !== "object" || value === null || snap === null) return false;
  if (Array.isArray(value)) {
    if (!Array.isArray(snap) || value.length !== snap.length) return false;
    for (let i = 0; i < value.length; i++) if (!sameAsSnapshot(value[i], snap[i])) return false;
    return true;
  }
  if (Array.isArray(snap) || !isPlain(value) || !isPlain(snap)) return false;
  const a = value as Record<string, unknown>;
  const b = snap as Record<string, unknown>;
  // Keys counted with for-in on both sides: Object.keys would allocate an array for every object
  // of the history on every turn (about 400 KB a turn at 200K tokens, paid again in the GC).
  let n = 0;
  for (const k in a) {
    if (!Object.hasOwn(a, k)) continue;
    if (!Object.hasOwn(b, k) || !sameAsSnapshot(a[k], b[k])) return false;
    n++;
  }
  for (const k in b) if (Object.hasOwn(b, k)) n--;
  return n === 0;
}
