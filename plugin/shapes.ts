/**
 * Checks of the server's answers, so that a `{ ok: true }` result always carries the fields its
 * reader uses. Hand-written and dependency-free: the plugin must not pull the server's zod schemas
 * in, and a check runs on every turn. A check looks only at the fields the plugin reads.
 */
export type Shape = (value: unknown) => boolean;

type FieldKind = "string" | "number" | "boolean" | "array" | "object" | "string[]";
/** A field's kind; `?` at the end: it may be missing or null. */
type FieldSpec = FieldKind | `${FieldKind}?`;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function fits(kind: FieldKind, v: unknown): boolean {
  switch (kind) {
    case "string":
      return typeof v === "string";
    case "number":
      return typeof v === "number" && Number.isFinite(v);
    case "boolean":
      return typeof v === "boolean";
    case "array":
      return Array.isArray(v);
    case "object":
      return isObject(v);
    case "string[]":
      return Array.isArray(v) && v.every((x) => typeof x === "string");
  }
}

/** An object answer whose named fields have the given kinds (other fields are not looked at). */
export function fields(spec: Record<string, FieldSpec>): Shape {
  const entries = Object.entries(spec).map(([k, s]) => [k, s.replace(/\?$/, "") as FieldKind, s.endsWith("?")] as const);
  return (value) => isObject(value) && entries.every(([k, kind, optional]) => (optional && value[k] == null) || fits(kind, value[k]));
}

/** Any JSON object (the default for an answer with no shape of its own). */
export const anyObject: Shape = (value) => isObject(value) || Array.isArray(value);

/** The shapes of the answers on a turn's path (lib/contracts/context.ts, checkpoints.ts, extraction.ts, kv.ts). */
export const SHAPES = {
  stable: fields({ hash: "string", block: "string", memoryIds: "string[]", tokens: "number" }),
  resume: fields({ block: "string?", tokens: "number" }),
  recall: fields({ block: "string", memoryIds: "string[]", tokens: "number" }),
  extract: fields({ nudge: "string?", suggestions: "array" }),
  kvEntry: fields({ key: "string" }),
  compress: fields({ messages: "array", base: "string?", keep: "number?", nudges: "string[]?" }),
  checkpoint: fields({ id: "string", context: "string[]", prompt: "string" }),
} satisfies Record<string, Shape>;
