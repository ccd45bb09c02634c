import { z } from "zod";
import { searchInput } from "../../contracts/search";
import { batchedAccess } from "../../search/access-buffer";
import { CATEGORIES } from "../../vocabulary";
import { compactArg, projectArg } from "../args";
import { searchTool } from "../search";
import { defineTool } from "../tool";

export const recall = defineTool({
  name: "recall",
  description: "Search memories about a topic (hybrid). Use before working on it.",
  input: {
    query: searchInput.shape.query,
    limit: searchInput.shape.limit,
    category: z.enum(CATEGORIES).optional(),
    project: projectArg,
    compact: compactArg,
  },
  annotations: { readOnlyHint: true },
  unlisted: ["category"],
  argAliases: { working_directory: "project" },
  run: (args, env) => searchTool(args, env, { purpose: "recall" }, { defer: batchedAccess(env.ctx) }),
});
