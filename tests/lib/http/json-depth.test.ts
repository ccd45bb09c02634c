import { describe, expect, it } from "vitest";
import { findTooDeep, MAX_JSON_DEPTH } from "../../../lib/http/json-depth";

const nestObjects = (depth: number, key = "a"): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { [key]: v };
  return v;
};

describe("findTooDeep", () => {
  it("accepts scalars and values up to the limit", () => {
    expect(findTooDeep("x")).toBeNull();
    expect(findTooDeep(null)).toBeNull();
    expect(findTooDeep(nestObjects(MAX_JSON_DEPTH))).toBeNull();
    expect(findTooDeep({ a: [1, { b: [] }], c: "d" }, 4)).toBeNull();
  });

  it("names the path of the first value past the limit, through objects and arrays", () => {
    // Levels: the body 1, metadata 2, list 3, list.0 4, list.0.0 5.
    const found = findTooDeep({ ok: 1, metadata: { list: [[[{ x: 1 }]]] } }, 4, "body");
    expect(found?.path).toBe("body.metadata.list.0.0");
    expect(found?.keys).toEqual(["metadata", "list", 0, 0]);
    expect(found?.message).toBe("body.metadata.list.0.0: nested deeper than 4 levels");
  });

  it("measures 100,000 levels without overflowing the stack (JSON.parse of the raw text too)", () => {
    const text = "[".repeat(100_000) + "]".repeat(100_000);
    const found = findTooDeep(JSON.parse(text));
    expect(found?.keys).toHaveLength(MAX_JSON_DEPTH);
    expect(found?.path).toBe(Array(MAX_JSON_DEPTH).fill(0).join("."));
  });
});
