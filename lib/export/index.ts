import type { ParsedExportQuery } from "../contracts/export";
import type { Ctx } from "../ctx";
import { runSliced } from "../slices";
import { renderJson, renderJsonSteps } from "./json";
import { renderMarkdown, renderMarkdownSteps } from "./markdown";
import { selectForExport } from "./select";

export { importMemories, importMemoriesAsync } from "./import";
export { parseMarkdown, parseMarkdownSteps, renderMarkdown, renderMarkdownSteps } from "./markdown";
export { parseJson, renderJson, renderJsonSteps } from "./json";
export { selectForExport } from "./select";

export interface ExportResult {
  body: string;
  contentType: string;
  filename: string;
  count: number;
}

/** `exportMemories` for the server: the file is rendered in slices (lib/slices.ts), so health keeps answering. */
export async function exportMemoriesAsync(ctx: Ctx, query: ParsedExportQuery, now = new Date()): Promise<ExportResult> {
  const { format, rows } = selectForExport(ctx, query);
  const stamp = now.toISOString().slice(0, 19).replace(/[:T]/g, "-");
  return format === "markdown"
    ? {
        body: await runSliced(renderMarkdownSteps(rows, now)),
        contentType: "text/markdown; charset=utf-8",
        filename: `recollect-${stamp}.md`,
        count: rows.length,
      }
    : {
        body: await runSliced(renderJsonSteps(rows, now)),
        contentType: "application/json; charset=utf-8",
        filename: `recollect-${stamp}.json`,
        count: rows.length,
      };
}

/** Renders the memories matching `query` as a downloadable file. */
export function exportMemories(ctx: Ctx, query: ParsedExportQuery, now = new Date()): ExportResult {
  const { format, rows } = selectForExport(ctx, query);
  const stamp = now.toISOString().slice(0, 19).replace(/[:T]/g, "-");
  return format === "markdown"
    ? { body: renderMarkdown(rows, now), contentType: "text/markdown; charset=utf-8", filename: `recollect-${stamp}.md`, count: rows.length }
    : { body: renderJson(rows, now), contentType: "application/json; charset=utf-8", filename: `recollect-${stamp}.json`, count: rows.length };
}
