import { z } from "zod";
import { exportToFile } from "../../export/to-file";
import { CATEGORIES } from "../../vocabulary";
import { absolutePath, projectArg } from "../args";
import { projectRef } from "../project";
import { toolResult } from "../result";
import { defineTool } from "../tool";

export const exportMemories = defineTool({
  name: "export_memories",
  description:
    "Export memories to a file on this machine (JSON, or Markdown when the path ends in .md). Default: <data dir>/exports/. An existing file is replaced only with overwrite: true.",
  input: {
    output_path: absolutePath.optional(),
    overwrite: z.boolean().optional(),
    project: projectArg,
    categories: z.array(z.enum(CATEGORIES)).min(1).max(CATEGORIES.length).optional(),
    since_days: z.number().int().min(1).max(36_500).optional(),
  },
  annotations: { destructiveHint: true },
  argAliases: { working_directory: "project" },
  run: (a, env) => {
    const written = exportToFile(env.ctx, {
      outputPath: a.output_path,
      overwrite: a.overwrite,
      project: a.project ? projectRef(a.project, env) : undefined,
      categories: a.categories,
      sinceDays: a.since_days,
    });
    return toolResult(`Exported ${written.count} memories to ${written.path}.`, written);
  },
});
