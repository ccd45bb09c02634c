import { createHash } from "node:crypto";

/** Content hash that names a compressed original: short enough for a model to type, long enough not to collide. */
export const originalHash = (content: string): string => createHash("sha256").update(content).digest("hex").slice(0, 16);

/** JSON with sorted object keys, so equal values always serialize to equal bytes. */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stableStringify(obj[k])}`).join(",")}}`;
}
