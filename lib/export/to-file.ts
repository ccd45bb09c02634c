import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { exportQuery } from "../contracts/export";
import type { Ctx } from "../ctx";
import { conflict } from "../errors";
import { renderJson } from "./json";
import { renderMarkdown } from "./markdown";
import { selectForExport } from "./select";

export interface ExportToFileInput {
  /** Absolute path; default `<data dir>/exports/recollect-<time>.json`. A `.md` path writes Markdown. */
  outputPath?: string;
  overwrite?: boolean;
  /** Which project (`project` id or a `directory` in it); none: every scope. */
  project?: { project?: string; directory?: string };
  categories?: string[];
  sinceDays?: number;
}

/**
 * Writes memories to a file on this machine (the MCP tool `export_memories`). An existing file is
 * replaced only with `overwrite` (a model names the path: a project's package.json must not go);
 * nothing half-written: a new temporary file renamed into place.
 *
 * The paths are the user's, known only at run time: `turbopackIgnore` keeps the build from tracing
 * every file of the project as something these calls might read.
 */
export function exportToFile(ctx: Ctx, input: ExportToFileInput, now = new Date()): { path: string; count: number; format: "json" | "markdown" } {
  const format = input.outputPath?.toLowerCase().endsWith(".md") ? "markdown" : "json";
  const { rows } = selectForExport(ctx, exportQuery.parse({ format, ...input.project, category: input.categories?.join(",") }));
  const since = input.sinceDays ? now.getTime() - input.sinceDays * 86_400_000 : 0;
  const chosen = rows.filter((r) => Date.parse(r.updatedAt) >= since);
  const file =
    input.outputPath ??
    path.join(
      /*turbopackIgnore: true*/ ctx.dataDir,
      "exports",
      `recollect-${now.toISOString().slice(0, 19).replace(/[:T]/g, "-")}.${format === "json" ? "json" : "md"}`,
    );
  if (!input.overwrite && fs.existsSync(/*turbopackIgnore: true*/ file)) throw conflict(`output_path: ${file} exists; pass overwrite: true to replace it`);
  fs.mkdirSync(/*turbopackIgnore: true*/ path.dirname(file), { recursive: true, mode: 0o700 });
  // Created new (`wx`): never written through a link planted at its name.
  const tmp = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`;
  fs.writeFileSync(/*turbopackIgnore: true*/ tmp, format === "json" ? renderJson(chosen, now) : renderMarkdown(chosen, now), { mode: 0o600, flag: "wx" });
  fs.renameSync(/*turbopackIgnore: true*/ tmp, file);
  return { path: file, count: chosen.length, format };
}
