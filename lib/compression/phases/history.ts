import { stableStringify } from "../hash";
import { repeatKeyOf } from "../repeats";
import { runAll, STEP_ITEMS, type Steps } from "../../slices";
import { isEditTool, normalizePath } from "../tools";
import type { PartView } from "../types";
import { pathsOf, type Slot } from "./measure";

/** Index of the tool calls, built only when some part has to be compressed anew. */
export class History {
  /** By call key: the position of each output of the call and its repeat key (outputs worth a reference only). */
  private callsByKey = new Map<string, { pos: number; repeat: string | undefined }[]>();
  private edits: { pos: number; paths: string[] }[] = [];
  /** By repeat key: the positions of the outputs that have it. */
  private outputsByRepeat = new Map<string, number[]>();
  private previousByTool = new Map<Slot, Slot>();
  private previousOutput = new Map<Slot, Slot>();

  /** `repeatMinTokens`: outputs at least this long that repeat an earlier one are references (../repeats.ts). */
  constructor(
    slots: Slot[],
    private readonly repeatMinTokens = Infinity,
  ) {
    runAll(this.indexSteps(slots));
  }

  /** The same index built in steps, one per STEP_ITEMS parts (lib/slices.ts): the server's way. */
  static *build(slots: Slot[], repeatMinTokens = Infinity): Steps<History> {
    const history = new History([], repeatMinTokens);
    yield* history.indexSteps(slots);
    return history;
  }

  private *indexSteps(slots: Slot[]): Steps<void> {
    const lastOfTool = new Map<string, Slot>();
    let lastOutput: Slot | undefined;
    for (const [j, s] of slots.entries()) {
      if (j % STEP_ITEMS === 0) yield;
      const p = s.part;
      if (s.kind !== "tool" || !p.tool || !p.state) continue;
      const pos = position(s.mi, s.pi);
      // An error looks back too (an agent's environment prompt ends failed calls as well).
      if (s.field === "error" && lastOutput) this.previousOutput.set(s, lastOutput);
      if (s.field === "output") {
        const key = callKeyOf(s);
        const calls = this.callsByKey.get(key) ?? this.callsByKey.set(key, []).get(key)!;
        const repeat = repeatKeyOf(s, this.repeatMinTokens);
        calls.push({ pos, repeat });
        if (repeat !== undefined) (this.outputsByRepeat.get(repeat) ?? this.outputsByRepeat.set(repeat, []).get(repeat)!).push(pos);
        const prev = lastOfTool.get(p.tool);
        if (prev) this.previousByTool.set(s, prev);
        if (lastOutput) this.previousOutput.set(s, lastOutput);
        lastOfTool.set(p.tool, s);
        lastOutput = s;
      }
      // A failed edit changed nothing.
      if (isEditTool(p.tool) && s.field === "output") this.edits.push({ pos, paths: pathsOf(s) });
    }
  }

  /**
   * A later call with the same input and another output. One with the same output does not count
   * when that output is long enough to be a repeat: the later one is then a reference to this one
   * (../repeats.ts), which must keep its content.
   */
  hasLaterDuplicate(slot: Slot): boolean {
    const pos = position(slot.mi, slot.pi);
    const repeat = repeatKeyOf(slot, this.repeatMinTokens);
    return (this.callsByKey.get(callKeyOf(slot)) ?? []).some((c) => c.pos > pos && (repeat === undefined || c.repeat !== repeat));
  }

  previousLines(slot: Slot): Set<string> {
    const out = new Set<string>();
    for (const prev of [this.previousByTool.get(slot), this.previousOutput.get(slot)]) if (prev) for (const l of prev.text.split("\n")) out.add(l);
    return out;
  }

  /**
   * An edit of `path` after this part, and no output the same as this one after the last such edit:
   * a read repeated unchanged after the edit (a reference to this one, ../repeats.ts) is current.
   */
  hasLaterEdit(v: PartView, path: string, slot?: Slot): boolean {
    const pos = position(v.messageIndex, v.partIndex);
    const p = normalizePath(path);
    let lastEdit = -1;
    for (const e of this.edits)
      if (e.pos > pos && e.paths.some((q) => q === p || q.endsWith(`/${p}`) || p.endsWith(`/${q}`))) lastEdit = Math.max(lastEdit, e.pos);
    if (lastEdit < 0) return false;
    const repeat = slot && repeatKeyOf(slot, this.repeatMinTokens);
    return !(repeat !== undefined && (this.outputsByRepeat.get(repeat) ?? []).some((at) => at > lastEdit));
  }
}

const position = (mi: number, pi: number) => mi * 100_000 + pi;
const callKeyOf = (s: Slot) => (s.entry.callKey ??= `${s.part.tool}\0${stableStringify(s.part.state?.input ?? {})}`);
