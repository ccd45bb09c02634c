import { describe, expect, it } from "vitest";
import { choicesIn } from "../../../lib/checkpoints/decisions";
import { nextStepsIn } from "../../../lib/checkpoints/next-steps";

const asked = [
  "Where should the override live?",
  "",
  "| Option | Description |",
  "|--------|-------------|",
  "| **A. Session-only (memory)** | Gone after a new session. |",
  "| **B. File-based temp** | Written to a file. |",
  "| **C. Hybrid** | Session memory by default, `/meta commit` makes it permanent. |",
].join("\n");

describe("decisions stated as a choice between options", () => {
  it("records the option the user picked by its label", () => {
    const got = choicesIn([
      { role: "assistant", text: asked },
      { role: "user", text: "c" },
    ]);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(/^Chose Hybrid: /);
  });

  it("matches numbers to a numbered list and letters to a lettered one, the last list of that kind", () => {
    const text = "Done so far:\n1. Fixed the API key\n2. Added linking\n\nWhich first?\n1) **Plugin sidebar** — UI\n2) **Visualization** — graphs";
    expect(
      choicesIn([
        { role: "assistant", text },
        { role: "user", text: "2" },
      ])[0],
    ).toMatch(/^Chose Visualization/);
    expect(
      choicesIn([
        { role: "assistant", text },
        { role: "user", text: "b" },
      ]),
    ).toEqual([]);
  });

  it("ignores replies that are not a label, and labels nobody offered", () => {
    expect(
      choicesIn([
        { role: "assistant", text: asked },
        { role: "user", text: "a bit later please" },
      ]),
    ).toEqual([]);
    expect(
      choicesIn([
        { role: "assistant", text: "Shall I go on?" },
        { role: "user", text: "a" },
      ]),
    ).toEqual([]);
  });
});

describe("next steps as the last message's plan", () => {
  const plan = "Phase 4 design complete. Ready to implement:\n1. `GET /session/context` endpoint\n2. New `/end-session` command\n\nWant to start?";
  it("takes the list under any lead-in of the last assistant message", () => {
    expect(nextStepsIn(plan, true)).toEqual(["`GET /session/context` endpoint", "New `/end-session` command"]);
  });
  it("keeps earlier messages to plan headings only", () => {
    expect(nextStepsIn(plan, false)).toEqual([]);
  });
});

describe("choices inside a short reply, and a yes to an offer", () => {
  const style = "Your style?\n\n**A) Branching** — tree-like\n\n**B) Connecting** — web-like\n\n**C) Layering** — revisited";
  it("takes every label the reply names, in order, not the article", () => {
    const got = choicesIn([
      { role: "assistant", text: style },
      { role: "user", text: "i dont know probably mostly b and then a" },
    ]);
    expect(got.map((d) => d.split(":")[0])).toEqual(["Chose Connecting", "Chose Branching"]);
    expect(
      choicesIn([
        { role: "assistant", text: style },
        { role: "user", text: "a mix would be nice" },
      ]),
    ).toEqual([]);
  });
  it("records a short yes as agreeing to the last thing offered, and nothing without an offer", () => {
    const offer = "**Want to pick up that hanging question?**\n\nOr if something else is pulling at you, we can go there instead.";
    expect(
      choicesIn([
        { role: "assistant", text: offer },
        { role: "user", text: "thats a great place to start" },
      ]),
    ).toEqual(["Agreed: pick up that hanging question"]);
    expect(
      choicesIn([
        { role: "assistant", text: "Shall I test it with /clear, or would you like other changes?" },
        { role: "user", text: "yes" },
      ]),
    ).toEqual(["Agreed: test it with /clear"]);
    expect(
      choicesIn([
        { role: "assistant", text: "Ready to start?" },
        { role: "user", text: "yes" },
      ]),
    ).toEqual([]);
  });
});

describe("a plan list after a blank line", () => {
  it("keeps the items under a heading or lead-in across blank lines, and stops at the next paragraph", () => {
    const last = "### Next Steps\n\n1. **Fix backend:** check the key\n\n2. **Investigate stop hook**\n\nHandoff notes are in `progress.md`.\n\n- not a step";
    expect(nextStepsIn(last, true)).toEqual(["Fix backend: check the key", "Investigate stop hook"]);
    const earlier = "The logical next steps are:\n\n1. **`/onboard-profile`** — create your profile\n2. **Test a full session**";
    expect(nextStepsIn(earlier, false)).toEqual(["`/onboard-profile` — create your profile", "Test a full session"]);
  });
});
