import type { CreateMemoryResult, MemoryDto } from "../../lib/contracts/memories";
import { CATEGORIES, type Category } from "../../lib/vocabulary";
import { unavailable } from "../tools/format";
import { handledTemplate, type SlashCommand } from "./types";

/** Words that say which kind of memory a sentence is; the first rule that matches wins. */
const INFERENCE: Array<[Category, RegExp]> = [
  ["constraint", /\b(never|must not|mustn't|do not|don't|always|must|forbidden|not allowed|required)\b/i],
  ["decision", /\b(decided|decision|we chose|chose|we picked|going with|settled on)\b/i],
  ["convention", /\b(convention|we use|naming|by convention|style|is named|are named)\b/i],
  ["preference", /\b(prefer|prefers|preferred|i like|rather than)\b/i],
  ["gotcha", /\b(gotcha|careful|beware|watch out|pitfall|caveat|bug|breaks when|flaky)\b/i],
  ["procedure", /\b(to deploy|to release|steps?:|run `|how to|first,? )/i],
];

/** `category: text` with a known category, else a category inferred from its words, else none. */
export function inferCategory(input: string): { category?: Category; content: string } {
  const explicit = /^\s*([a-z]+)\s*:\s*([\s\S]+)$/i.exec(input);
  if (explicit && (CATEGORIES as readonly string[]).includes(explicit[1]!.toLowerCase())) {
    return { category: explicit[1]!.toLowerCase() as Category, content: explicit[2]!.trim() };
  }
  const content = input.trim();
  return { category: INFERENCE.find(([, re]) => re.test(content))?.[0], content };
}

export const remember: SlashCommand = {
  name: "remember",
  description: "Store a memory: /remember [category:] <text>",
  template: handledTemplate("remember"),
  async run({ rt, sessionID, arguments: args }) {
    const { category, content } = inferCategory(args);
    if (!content) return { text: "Usage: /remember [category:] <text>, e.g. /remember decision: we use Postgres 16." };
    if (!category) {
      return {
        text: `Which kind of memory is it? Say it again with a category: /remember <category>: ${content}\nCategories: ${CATEGORIES.join(", ")}.`,
        toast: { message: "Recollect: which category? (nothing stored)", variant: "warning" },
      };
    }
    const res = await rt.client.post<MemoryDto & Pick<CreateMemoryResult, "deduplicated">>(
      "/api/memories",
      { content, category, scope: "project", directory: rt.directory, source: "tool", metadata: { sessionID, command: "remember" } },
      { timeoutMs: rt.settings.toolTimeoutMs },
    );
    if (!res.ok) return { text: res.status && res.status < 500 ? `Not stored: ${res.error}` : unavailable(res.error) };
    const text = res.data.deduplicated ? `Already remembered as ${res.data.id}.` : `Stored ${res.data.id} (${res.data.category}, ${res.data.scope}).`;
    return { text, toast: { message: `Recollect: ${text}`, variant: "success" } };
  },
};
