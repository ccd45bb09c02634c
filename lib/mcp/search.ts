import { searchInput } from "../contracts/search";
import type { Category, Status } from "../vocabulary";
import { type SearchOptions, searchMemories } from "../search/search";
import { formatResults } from "./format";
import { projectRef } from "./project";
import { toolResult } from "./result";
import type { ToolEnv } from "./tool";

export interface SearchArgs {
  query: string;
  limit?: number;
  category?: Category;
  project?: string;
  compact?: boolean;
}

/** recall and search_history: the same search, over live memories or over every status. */
export async function searchTool(args: SearchArgs, env: ToolEnv, extra: { purpose?: "recall"; statuses?: Status[] }, options?: SearchOptions) {
  const input = searchInput.parse({
    query: args.query,
    limit: args.limit,
    categories: args.category ? [args.category] : undefined,
    ...extra,
    ...projectRef(args.project, env),
  });
  const out = await searchMemories(env.ctx, input, options);
  return toolResult(formatResults(out.results, args.compact), { results: out.results, mode: out.mode });
}
