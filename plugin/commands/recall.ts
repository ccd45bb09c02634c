import type { SearchOutput } from "../../lib/contracts/search";
import { memoryLine, unavailable } from "../tools/format";
import { handledTemplate, type SlashCommand } from "./types";

/** `/recall <query>`: the search results go into the session, for the model's next turn too. */
export const recall: SlashCommand = {
  name: "recall",
  description: "Search memory and bring the results into this session: /recall <query>",
  template: handledTemplate("recall"),
  async run({ rt, sessionID, arguments: query }) {
    if (!query.trim()) return { text: "Usage: /recall <what to look for>" };
    const res = await rt.client.post<SearchOutput>(
      "/api/search",
      { directory: rt.directory, query: query.trim(), limit: 8, sessionId: sessionID, tokenBudget: 1500 },
      { timeoutMs: rt.settings.toolTimeoutMs },
    );
    if (!res.ok) return { text: unavailable(res.error) };
    const results = res.data.results ?? [];
    if (!results.length) return { text: `No memory matches "${query.trim()}".` };
    return { text: `Memories recalled for "${query.trim()}":\n${results.map((r) => memoryLine(r)).join("\n")}`, context: true };
  },
};
