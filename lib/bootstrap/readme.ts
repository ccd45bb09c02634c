import { categoryFromImperative } from "../markdown/categories";
import { markdownSectionsSteps } from "../markdown/sections";
import { runAll, type Steps } from "../slices";
import type { Proposal, ProjectFiles } from "./types";

/** Sections of a README worth proposing: setup and the project's rules. */
const SETUP =
  /\b(install(ation|ing)?|setup|set up|getting started|quick ?start|development|developing|build(ing)?|test(ing)?|running|usage|local)\b|安装|快速开始|开发|构建|测试/i;
const RULES = /\b(contribut\w*|rules?|guidelines?|conventions?|code style|style guide|commits?|pull requests?|review|standards?)\b|贡献|规范|约定|规则/i;
const SHELL = new Set(["", "sh", "bash", "shell", "console", "zsh", "powershell", "ps1", "cmd", "fish"]);
const MAX_PER_FILE = 80;

/**
 * README.md and CONTRIBUTING.md (the project's root and docs/): setup steps (shell blocks under a
 * setup heading) -> procedures with the exact commands; list items under a rules heading (all of
 * CONTRIBUTING's) -> constraints, conventions, preferences.
 */
export function readmeAndContributing(project: ProjectFiles): Proposal[] {
  return runAll(readmeAndContributingSteps(project));
}

/** `readmeAndContributing` as steps, one a block of each file (lib/slices.ts). */
export function* readmeAndContributingSteps(project: ProjectFiles): Steps<Proposal[]> {
  const out: Proposal[] = [];
  for (const file of project.files) {
    if (!/^(docs\/)?(README|CONTRIBUTING)(\.md|\.markdown)?$/i.test(file)) continue;
    const text = project.read(file);
    if (!text) continue;
    const contributing = /CONTRIBUTING/i.test(file);
    let count = 0;
    for (const section of yield* markdownSectionsSteps(text)) {
      const heading = section.heading ?? "";
      const setup = SETUP.test(heading);
      const rules = RULES.test(heading) || (contributing && !setup);
      let ordinal = 0;
      for (const block of section.blocks) {
        if (count >= MAX_PER_FILE) break;
        if (setup && block.kind === "code" && SHELL.has(block.lang)) {
          const commands = block.text
            .split("\n")
            .map((l) => l.replace(/^\s*[$>]\s+/, "").trim())
            .filter((l) => l && !l.startsWith("#"));
          if (!commands.length) continue;
          out.push({
            key: `${file}#${heading}#${ordinal++}`,
            category: "procedure",
            title: `${heading || file}`,
            content: `${heading || "Setup"} (${file}): ${commands.map((c) => `\`${c}\``).join(", then ")}.`,
            file,
            line: block.line,
            tags: ["bootstrap", "readme"],
          });
          count++;
        } else if (rules && block.kind === "item") {
          out.push({
            key: `${file}#${heading}#${ordinal++}`,
            category: categoryFromImperative(block.text),
            title: `${file}: ${heading}`,
            content: block.text,
            file,
            line: block.line,
            tags: ["bootstrap", "readme"],
          });
          count++;
        }
      }
    }
  }
  return out;
}
