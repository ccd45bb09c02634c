/**
 * An OpenCode skill file (`.opencode/skills/<name>/SKILL.md`): frontmatter `name` and
 * `description`, a heading, a short introduction, the numbered steps, the commands (when there are
 * any) and where it came from. The one format both kinds of distilled skill are written in.
 */
export function skillMarkdown(skill: {
  name: string;
  summary: string;
  description: string;
  intro: string;
  steps: readonly string[];
  commands: readonly string[];
  sources: readonly string[];
}): string {
  return [
    "---",
    `name: ${skill.name}`,
    `description: "${skill.description.replace(/"/g, "'")}"`,
    "---",
    "",
    `# ${skill.summary}`,
    "",
    skill.intro,
    "",
    "## Steps",
    "",
    ...skill.steps.map((s, i) => `${i + 1}. ${s}`),
    ...(skill.commands.length ? ["", "## Commands", "", "```sh", ...skill.commands, "```"] : []),
    "",
    "## Sources",
    "",
    ...skill.sources.map((s) => `- ${s}`),
    "",
  ].join("\n");
}
