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
