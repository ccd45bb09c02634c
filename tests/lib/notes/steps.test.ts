import { describe, expect, it } from "vitest";
import { agentInstructionsSteps } from "../../../lib/bootstrap/agent-instructions";
import { readmeAndContributingSteps } from "../../../lib/bootstrap/readme";
import type { ProjectFiles } from "../../../lib/bootstrap/types";
import { markdownSectionsSteps } from "../../../lib/markdown/sections";
import { splitNotesSteps } from "../../../lib/notes/split";
import { counted } from "../../helpers/steps";

/**
 * Issue 37: notes ingest and bootstrap split their Markdown (2 MB a note, 1 MB an instruction file)
 * in one piece, with /api/health held throughout. The split is now steps, one a block; here,
 * without a clock, each must yield at least once per block and find every item.
 */
/** `sections` sections of a heading, two list items, a paragraph and a code block each. */
function note(sections: number): string {
  const out: string[] = [];
  for (let i = 0; i < sections; i++)
    out.push(
      `## Rules ${i}`,
      "",
      `- Never commit secrets to repo ${i}.`,
      `- Prefer small commits in area ${i}.`,
      "",
      `The build of part ${i} takes a minute.`,
      "",
      "```sh",
      `npm run build:${i}`,
      "```",
      "",
    );
  return out.join("\n");
}

describe("Markdown splits run in steps", () => {
  it("sections and notes yield once per block and find every item and section text", () => {
    const text = note(500);
    const sections = counted(markdownSectionsSteps(text));
    const blocks = sections.value.reduce((n, s) => n + s.blocks.length, 0);
    expect(blocks).toBe(500 * 4);
    expect(sections.yields).toBeGreaterThanOrEqual(blocks + 500);

    const notes = counted(splitNotesSteps("notes/rules.md", text));
    expect(notes.yields).toBeGreaterThanOrEqual(blocks);
    // Two items and one section text a section.
    expect(notes.value).toHaveLength(500 * 3);
    expect(notes.value[0]).toMatchObject({ title: "Rules 0", content: "Never commit secrets to repo 0.", line: 3 });
  });

  it("bootstrap's instruction and README readers yield once per block", () => {
    const text = note(300);
    const project: ProjectFiles = { root: "/p", files: ["AGENTS.md", "CONTRIBUTING.md"], read: () => text };
    const instructions = counted(agentInstructionsSteps(project));
    expect(instructions.yields).toBeGreaterThanOrEqual(300 * 4);
    // At most 200 proposals a file.
    expect(instructions.value).toHaveLength(200);
    const readme = counted(readmeAndContributingSteps(project));
    expect(readme.yields).toBeGreaterThanOrEqual(300 * 4);
    expect(readme.value.length).toBeGreaterThan(0);
  });
});
