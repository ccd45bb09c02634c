import { z } from "zod";
import { searchInput } from "../../contracts/search";
import { CATEGORIES, STATUSES } from "../../vocabulary";
import { compactArg, projectArg } from "../args";
import { searchTool } from "../search";
import { defineTool } from "../tool";

export const searchHistory = defineTool({
  name: "search_history",
  description: "Search every memory including archived and resolved ones (what was decided before, what was tried and dropped).",
  input: {
    query: searchInput.shape.query,
    category: z.enum(CATEGORIES).optional(),
    limit: searchInput.shape.limit,
    project: projectArg,
    compact: compactArg,
  },
  annotations: { readOnlyHint: true },
  argAliases: { working_directory: "project" },
  run: (args, env) => searchTool(args, env, { statuses: [...STATUSES] }),
});
