import fs from "node:fs";
import { z } from "zod";
import { importQuery } from "../../contracts/export";
import { badRequest } from "../../errors";
import { importMemoriesAsync } from "../../export";
import { absolutePath } from "../args";
import { toolResult } from "../result";
import { defineTool } from "../tool";

/** An import file larger than this is refused before it is read. */
const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

export const importMemories = defineTool({
  name: "import_memories",
  description:
    "Import a Recollect export (JSON or Markdown) from a file on this machine. Duplicates are always skipped and reported; dry_run reports without writing.",
  // skip_duplicates: opencode-semantic-memory's flag; duplicates are skipped whatever it says.
  input: { input_path: absolutePath, dry_run: z.boolean().optional(), skip_duplicates: z.boolean().optional() },
  run: async (a, env) => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(/*turbopackIgnore: true*/ a.input_path);
    } catch {
      throw badRequest(`input_path: no file at ${a.input_path}`, { field: "input_path" });
    }
    if (!stat.isFile()) throw badRequest("input_path: not a file", { field: "input_path" });
    if (stat.size > MAX_IMPORT_BYTES) throw badRequest(`input_path: ${stat.size} bytes; the limit is ${MAX_IMPORT_BYTES}`, { field: "input_path" });
    const format = /\.(md|markdown)$/i.test(a.input_path) ? "markdown" : "json";
    const report = await importMemoriesAsync(
      env.ctx,
      importQuery.parse({ format, dryRun: a.dry_run ? "true" : "false" }),
      fs.readFileSync(/*turbopackIgnore: true*/ a.input_path, "utf8"),
    );
    const text = `${report.dryRun ? "Dry run: would import" : "Imported"} ${report.created} of ${report.total} (${report.duplicates} duplicates, ${report.invalid} invalid).`;
    return toolResult(text, report);
  },
});
