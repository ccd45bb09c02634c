import { categoryFromHeading, categoryFromImperative } from "../markdown/categories";
import { markdownSectionsSteps } from "../markdown/sections";
import { runAll, type Steps } from "../slices";
import type { Category } from "../vocabulary";
import type { Proposal, ProjectFiles } from "./types";

/** Files written for coding agents, at any depth (a monorepo package may have its own). */
const INSTRUCTION_FILE =
  /(^|\/)(AGENTS\.md|CLAUDE\.md|GEMINI\.md|CONVENTIONS\.md|\.cursorrules|\.windsurfrules|\.clinerules|\.github\/copilot-instructions\.md|\.cursor\/rules\/[^/]+\.mdc|\.clinerules\/[^/]+\.md)$/;
const MAX_PER_FILE = 200;
const NAMED_BY_HEADING = new Set<Category>(["gotcha", "decision", "blocker", "plan", "idea", "constraint", "preference", "convention"]);
/** Longer paragraphs are prose about the project, not an instruction: left to the Markdown ingest. */
const MAX_PARAGRAPH_CHARS = 1200;

/**
 * Instructions written for other agents -> constraints, conventions and preferences, one per list
 * item or paragraph, kept verbatim. The category comes from the heading when it names one
 * ("Gotchas", "Decisions"), else from the line's wording (never/must -> constraint, prefer -> preference).
 */
export function agentInstructions(project: ProjectFiles): Proposal[] {
  return runAll(agentInstructionsSteps(project));
}

/** `agentInstructions` as steps, one a block of each file (lib/slices.ts). */
export function* agentInstructionsSteps(project: ProjectFiles): Steps<Proposal[]> {
  const out: Proposal[] = [];
  for (const file of project.files) {
    if (!INSTRUCTION_FILE.test(file)) continue;
    const text = project.read(file);
    if (!text) continue;
    const name = file.slice(file.lastIndexOf("/") + 1);
    let count = 0;
    for (const section of yield* markdownSectionsSteps(text)) {
      let ordinal = 0;
      for (const block of section.blocks) {
        if (count >= MAX_PER_FILE) break;
        if (block.kind === "table" || block.kind === "code") continue;
        if (block.kind === "paragraph" && block.text.length > MAX_PARAGRAPH_CHARS) continue;
        const heading = section.heading ?? "";
        const fromHeading = categoryFromHeading(heading);
        // The wording tells a rule from a leaning; a heading names what a plain line is (a gotcha, a rule).
        const worded = categoryFromImperative(block.text);
        const category: Category = worded !== "convention" || !fromHeading || !NAMED_BY_HEADING.has(fromHeading) ? worded : fromHeading;
        out.push({
          key: `${file}#${heading}#${ordinal++}`,
          category,
          title: heading ? `${name}: ${heading}` : name,
          content: block.text,
          file,
          line: block.line,
          tags: ["bootstrap", "agent-instructions"],
        });
        count++;
      }
    }
  }
  return out;
}
