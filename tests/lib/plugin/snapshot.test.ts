import { describe, expect, it } from "vitest";
import { sameAsSnapshot, snapshot } from "../../../plugin/snapshot";

describe("plugin snapshots (what the compression call sent)", () => {
  const part = () => ({
    id: "prt_1",
    type: "tool",
    tool: "bash",
    state: { status: "completed", input: { command: "make" }, output: "line 1\nline 2", metadata: {}, time: { start: 1, end: 2 } },
  });

  it("equals a fresh copy of the same value, and shares its strings instead of copying them", () => {
    const p = part();
    const snap = snapshot(p) as ReturnType<typeof part>;
    expect(snap).not.toBe(p);
    expect(snap.state).not.toBe(p.state);
    expect(sameAsSnapshot(structuredClone(p), snap)).toBe(true);
  });

  it("tells any change: a string, a number, a key added or removed, an array's length, a value's type", () => {
    const snap = snapshot(part());
    const changed: ((p: ReturnType<typeof part>) => void)[] = [
      (p) => void (p.state.output += "!"),
      (p) => void (p.state.time.end = 3),
      (p) => void ((p.state.metadata as Record<string, unknown>).truncated = true),
      (p) => void delete (p.state as { input?: unknown }).input,
      (p) => void ((p.state as Record<string, unknown>).input = ["make"]),
      (p) => void ((p.state as Record<string, unknown>).time = null),
    ];
    for (const change of changed) {
      const p = part();
      change(p);
      expect(sameAsSnapshot(p, snap)).toBe(false);
    }
    expect(sameAsSnapshot([1, 2], snapshot([1, 2, 3]))).toBe(false);
  });

  it("does not see a change made to the original after the snapshot as its own", () => {
    const p = part();
    const snap = snapshot(p);
    p.state.output = "rewritten in place";
    expect(sameAsSnapshot(p, snap)).toBe(false);
    expect(sameAsSnapshot(part(), snap)).toBe(true);
  });

  it("never takes a value that is not JSON (a Date) for an equal one", () => {
    const snap = snapshot({ at: new Date(1) });
    expect(sameAsSnapshot({ at: new Date(2) }, snap)).toBe(false);
  });
});
