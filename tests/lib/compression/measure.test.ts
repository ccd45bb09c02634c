import { describe, expect, it } from "vitest";
import { measureSteps } from "../../../lib/compression/phases/measure";
import { PartMemory } from "../../../lib/compression/part-memory";
import type { OcMessage, OcPart } from "../../../lib/compression/schema";
import { runAll } from "../../../lib/slices";
import { excerpt, History } from "./history";

/**
 * Measure's reuse of a part object it measured last time (lib/compression/phases/measure.ts): the
 * delta exchange hands the previous call's part objects back, and their header and view rules are
 * not worked out again, but only under the same rules (`rulesKey`).
 */
describe("measure: the same part object again", () => {
  const pip = excerpt("bash-pip-install");
  const history = () =>
    new History("ses_measure")
      .user("Install it")
      .step({ tools: [{ tool: "bash", input: pip.input, output: pip.output }] })
      .filler(2);
  const noise = () => ({ progress: true, noise: true });
  const none = () => ({ progress: false, noise: false });
  const measureWith = (messages: OcMessage[], memory: PartMemory, viewFor: (p: OcPart) => { progress: boolean; noise: boolean }, key: string) =>
    runAll(measureSteps(messages, memory, viewFor, key));

  it("gives what measuring it fresh gives, and measures it again when the rules change", () => {
    const messages = history().body().messages as unknown as OcMessage[];
    const memory = new PartMemory(1000, 10_000_000);
    const first = measureWith(messages, memory, noise, "noise");
    // The pip install's output loses its noise at first send: fewer tokens than as it came.
    expect(first.tokens).toBeLessThan(first.tokensBefore);
    const again = measureWith(messages, memory, noise, "noise");
    expect(again.slots.every((s, i) => s.entry === first.slots[i]!.entry)).toBe(true);
    expect([again.tokens, again.tokensBefore]).toEqual([first.tokens, first.tokensBefore]);
    // Other rules under another key: the same objects are measured again (no view any more)...
    const plain = measureWith(messages, memory, none, "none");
    expect(plain.tokens).toBe(plain.tokensBefore);
    expect(plain.tokensBefore).toBe(first.tokensBefore);
    // ...and equal what a fresh memory gives, both ways.
    expect(measureWith(messages, new PartMemory(1000, 10_000_000), none, "none").tokens).toBe(plain.tokens);
    expect(measureWith(messages, memory, noise, "noise").tokens).toBe(first.tokens);
  });

  it("a copy of the part (a new object with the same content) is checked as before and keeps its entry", () => {
    const messages = history().body().messages as unknown as OcMessage[];
    const memory = new PartMemory(1000, 10_000_000);
    const first = measureWith(messages, memory, noise, "noise");
    const copy = structuredClone(messages);
    const again = measureWith(copy, memory, noise, "noise");
    expect(again.slots.every((s, i) => s.entry === first.slots[i]!.entry && s.part !== first.slots[i]!.part)).toBe(true);
    // A changed output in a new object is measured anew.
    const changed = structuredClone(messages);
    const tool = changed[1]!.parts.find((p) => p.type === "tool")!;
    tool.state!.output = "done";
    const after = measureWith(changed, memory, noise, "noise");
    expect(after.tokensBefore).toBeLessThan(first.tokensBefore);
  });
});
