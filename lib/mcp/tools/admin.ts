import fs from "node:fs";
import { importQuery } from "../../contracts/export";
import path from "node:path";
import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { boot } from "../../boot";
import type { Ctx } from "../../ctx";
import { CATEGORIES } from "../../vocabulary";
import { embeddingStatus } from "../../embeddings/status";
import { enrichmentProblems } from "../../enrichment";
import { badRequest } from "../../errors";
import { importMemoriesAsync } from "../../export";
import { exportToFile } from "../../export/to-file";
import { health } from "../../health";
import { dbSize } from "../../maintenance/db-size";
import { projectRef, type ToolCaller } from "../project";
import { guarded, toolResult } from "../result";
import { projectArg } from "./memories";

/** Files of this machine: export and import; and the server's status. */

/** An import file larger than this is refused before it is read. */
const MAX_IMPORT_BYTES = 64 * 1024 * 1024;
const absolutePath = z
  .string()
  .min(1)
  .max(4096)
  .refine((p) => path.isAbsolute(p), "must be an absolute path");

export function registerAdminTools(server: McpServer, ctx: Ctx, caller: ToolCaller) {
  server.registerTool(
    "export_memories",
    {
      description:
        "Export memories to a file on this machine (JSON, or Markdown when the path ends in .md). Default: <data dir>/exports/. An existing file is replaced only with overwrite: true.",
      inputSchema: {
        output_path: absolutePath.optional(),
        overwrite: z.boolean().optional(),
        project: projectArg,
        categories: z.array(z.enum(CATEGORIES)).min(1).max(CATEGORIES.length).optional(),
        since_days: z.number().int().min(1).max(36_500).optional(),
      },
      annotations: { destructiveHint: true },
    },
    (a) =>
      guarded(() => {
        const written = exportToFile(ctx, {
          outputPath: a.output_path,
          overwrite: a.overwrite,
          project: a.project ? projectRef(a.project, caller) : undefined,
          categories: a.categories,
          sinceDays: a.since_days,
        });
        return toolResult(`Exported ${written.count} memories to ${written.path}.`, written);
      }),
  );

  server.registerTool(
    "import_memories",
    {
      description:
        "Import a Recollect export (JSON or Markdown) from a file on this machine. Duplicates are always skipped and reported; dry_run reports without writing.",
      inputSchema: { input_path: absolutePath, dry_run: z.boolean().optional(), skip_duplicates: z.literal(true).optional() },
    },
    (a) =>
      guarded(async () => {
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
          ctx,
          importQuery.parse({ format, dryRun: a.dry_run ? "true" : "false" }),
          fs.readFileSync(/*turbopackIgnore: true*/ a.input_path, "utf8"),
        );
        const text = `${report.dryRun ? "Dry run: would import" : "Imported"} ${report.created} of ${report.total} (${report.duplicates} duplicates, ${report.invalid} invalid).`;
        return toolResult(text, report);
      }),
  );

  server.registerTool(
    "status",
    {
      description: "Recollect's health: version, search mode (hybrid or lexical) and why, embedding queue, database size, memory counts.",
      annotations: { readOnlyHint: true },
    },
    () =>
      guarded(() => {
        const { startedAt, opened } = boot();
        const h = health(ctx, startedAt, opened.vecVersion);
        const e = embeddingStatus(ctx);
        const size = dbSize(ctx.sqlite);
        const counts = Object.entries(h.counts.memories)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ");
        const text = [
          `Recollect ${h.version}: ${h.status}`,
          `search: ${e.mode} (${e.reason}); embedding queue ${e.queueDepth}, failed ${e.failed}`,
          `database: ${h.database.sizeBytes} bytes (+ WAL ${h.database.walBytes})`,
          `memories: ${counts || "none"}; active sessions ${h.counts.sessionsActive}`,
          ...enrichmentProblems().map((p) => `enrichment: ${p}`),
        ].join("\n");
        return toolResult(text, { health: h, embeddings: e, dbSize: size, enrichment: enrichmentProblems() });
      }),
  );
}
