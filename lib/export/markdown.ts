import { badRequest } from "../errors";
import { runAll, STEP_ITEMS, type Steps } from "../slices";
import type { ExportKey, ExportRow } from "./select";

/**
 * The Markdown export: readable (grouped by scope, project and category, metadata visible) and
 * importable. Under each memory's visible metadata an HTML comment carries the same fields as
 * JSON (authoritative on import, invisible when rendered); the text is the fenced block after it.
 */
const MARKER = "<!-- recollect:memory ";

export function renderMarkdown(rows: ExportRow[], exportedAt = new Date()): string {
  return runAll(renderMarkdownSteps(rows, exportedAt));
}

/** `renderMarkdown` as steps, one a memory (lib/slices.ts), from `renderMarkdownChunks`. */
export function* renderMarkdownSteps(rows: ExportRow[], exportedAt = new Date()): Steps<string> {
  const out: string[] = [];
  for (const chunk of renderMarkdownChunks(rows, exportedAt, rows)) {
    out.push(chunk);
    yield;
  }
  return out.join("");
}

/**
 * The Markdown export in pieces, one a memory, for a streamed answer. `keys` (every memory's place,
 * read before any text) give the count and each heading's count; `rows` (in the same order, maybe
 * read in pages) the memories.
 */
export function* renderMarkdownChunks(keys: readonly ExportKey[], exportedAt: Date, rows: Iterable<ExportRow>): Generator<string, void, void> {
  const perCategory = new Map<string, number>();
  for (const k of keys) {
    const at = `${groupHeading(k)}\u0000${k.category}`;
    perCategory.set(at, (perCategory.get(at) ?? 0) + 1);
  }
  // The file is its lines joined by line breaks: the head's, then each memory's (each after a break).
  yield [
    "# Recollect memories",
    "",
    `Exported ${exportedAt.toISOString()} · ${keys.length} ${keys.length === 1 ? "memory" : "memories"}.`,
    "Each memory's fields are repeated, machine-readable, in the HTML comment under it; its text is the fenced block.",
    "Import this file with `POST /api/import?format=markdown` or the browser's Export page.",
  ].join("\n");
  let group = "";
  let category = "";
  for (const row of rows) {
    const out: string[] = [];
    const g = groupHeading(row);
    if (g !== group) {
      group = g;
      category = "";
      out.push("", `## ${g}`);
    }
    if (row.category !== category) {
      category = row.category;
      out.push("", `### ${capitalize(category)} (${perCategory.get(`${g}\u0000${category}`) ?? 0})`);
    }
    out.push("", `#### ${oneLine(row.title || firstLine(row.content))}`, "");
    out.push(`- **id** \`${row.id}\` · **status** ${row.status} · **pinned** ${row.pinned ? "yes" : "no"} · **priority** ${row.priority}`);
    if (row.tags.length) out.push(`- **tags** ${row.tags.map((t) => `\`${t}\``).join(", ")}`);
    out.push(`- **source** ${row.source ?? "import"} · **created** ${row.createdAt} · **updated** ${row.updatedAt}`);
    if (row.links.length) out.push(`- **links** ${row.links.map((l) => `${l.kind.replace(/_/g, " ")} \`${l.to}\``).join(", ")}`);
    if (row.versions.length) out.push(`- **versions** ${row.versions.length} earlier ${row.versions.length === 1 ? "text" : "texts"} (in the comment below)`);
    const { content, ...meta } = row;
    // The fence keeps the text byte for byte unless it holds carriage returns: then the comment does.
    const fields = content.includes("\r") ? { ...meta, content } : meta;
    out.push("", `${MARKER}${JSON.stringify(fields).replace(/>/g, "\\u003e")} -->`);
    const fence = "~".repeat(Math.max(4, longestTildeRun(content) + 1));
    out.push(`${fence}text`, content, fence);
    yield `\n${out.join("\n")}`;
  }
  yield "\n";
}

/** The entries of a Markdown export: each comment's fields plus the fenced text after it. */
export function parseMarkdown(text: string): unknown[] {
  return runAll(parseMarkdownSteps(text));
}

/** `parseMarkdown` as steps: one per STEP_ITEMS lines split, one a memory read (lib/slices.ts). */
export function* parseMarkdownSteps(text: string): Steps<unknown[]> {
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    lines[i] = lines[i].replace(/\r$/, "");
    if (i % STEP_ITEMS === STEP_ITEMS - 1) yield;
  }
  const entries: unknown[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line.startsWith(MARKER)) continue;
    const at = entries.length;
    const json = line.slice(MARKER.length, line.lastIndexOf("-->")).trim();
    let fields: Record<string, unknown>;
    try {
      fields = JSON.parse(json);
    } catch {
      entries.push({ __error: `memory ${at + 1} (line ${i + 1}): its metadata comment is not valid JSON` });
      continue;
    }
    let j = i + 1;
    while (j < lines.length && lines[j].trim() === "") j++;
    const open = lines[j]?.match(/^(~{3,}|`{3,})[\w-]*\s*$/);
    if (!open) {
      entries.push(fields.content !== undefined ? fields : { __error: `memory ${at + 1} (line ${i + 1}): no fenced text block after its metadata` });
      continue;
    }
    const fence = open[1];
    const body: string[] = [];
    let k = j + 1;
    while (k < lines.length && lines[k].trimEnd() !== fence) body.push(lines[k++]);
    if (k >= lines.length) {
      entries.push({ __error: `memory ${at + 1} (line ${j + 1}): its fenced block is never closed` });
      i = k;
      continue;
    }
    entries.push(fields.content !== undefined ? fields : { ...fields, content: body.join("\n") });
    i = k;
    yield;
  }
  if (entries.length === 0) {
    throw badRequest("body: no memories found; a Recollect Markdown export marks each memory with <!-- recollect:memory {...} --> followed by a fenced block");
  }
  return entries;
}

function groupHeading(row: Pick<ExportKey, "scope" | "sessionId" | "project">): string {
  const project = row.project ? `${row.project.name || row.project.id} (\`${row.project.id}\`)` : "";
  if (row.scope === "global") return "Global";
  if (row.scope === "project") return `Project: ${project || "(unknown project)"}`;
  return `Session \`${row.sessionId ?? "?"}\`${project ? ` · project ${project}` : ""}`;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const firstLine = (s: string) => s.split("\n").find((l) => l.trim()) ?? "";
function oneLine(s: string): string {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > 80 ? `${t.slice(0, 79)}…` : t || "(untitled)";
}
function longestTildeRun(s: string): number {
  let max = 0;
  // `[ \t]*`, not `\s*`: that one runs on over the following line breaks from each line start.
  for (const m of s.matchAll(/^[ \t]*(~+)/gm)) max = Math.max(max, m[1].length);
  return max;
}
