/**
 * Reads a "Claude Session Export" Markdown file (a public Claude Code transcript format: `### User` /
 * `### Assistant` blocks whose body is plain text or the JSON content array of the message) into
 * OpenCode-shaped messages (lib/agents/claude-blocks.ts), the shape the checkpoint extractors read.
 */
import { type ClaudeBlock, ClaudeMessageConverter, type ConvertedMessage } from "../../../lib/agents/claude-blocks";

export type OpenCodeMessage = ConvertedMessage;

export function parseClaudeExport(markdown: string): OpenCodeMessage[] {
  const chunks = markdown.split(/\n---\n\n### (User|Assistant)\n> [^\n]*\n\n/);
  const converter = new ClaudeMessageConverter();
  for (let i = 1; i + 1 < chunks.length; i += 2) {
    const role = chunks[i] === "User" ? "user" : "assistant";
    const body = chunks[i + 1].replace(/\n+$/, "");
    let blocks: ClaudeBlock[] | null = null;
    if (body.startsWith("[")) {
      try {
        blocks = JSON.parse(body) as ClaudeBlock[];
      } catch {
        blocks = null;
      }
    }
    converter.add(role, blocks ?? body);
  }
  return converter.messages;
}
