import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { openCodeMessage } from "../contracts/checkpoints";
import { badRequest } from "../errors";
import { categoryFromHeading } from "../markdown/categories";
import { markdownSections } from "../markdown/sections";
import { identifyProject } from "../projects/identify";
import { readRegularText, requireDirectory } from "../files/checked";
import { IMPORT_FILE_BYTES, readJsonFile } from "./sqlite-source";
import { emptyData, type ForeignData, type ForeignProject, toMs } from "./types";

/** Sections of deep-memory's checkpoint.md that are session state, not memories. */
const CHECKPOINT_ONLY = /^(user intent|file changes|folded file context)$/i;

/**
 * opencode-deep-memory: a project's `.deep-memory/` (`MEMORY.md` and `notes.md` with
 * `## Decisions|Constraints|Gotchas|Facts|Notes` and `- text [YYYY-MM-DD]` entries; `checkpoint.md`
 * and `sessions/<id>/checkpoint.md`; `checkpoint.raw.json`, the session's raw messages) or its
 * global root (`global/MEMORY.md` -> global memories). `path` is the project, its `.deep-memory`,
 * or the global root.
 */
export function readDeepMemory(target: string): ForeignData {
  const resolved = path.resolve(target);
  requireDirectory(resolved, "path");
  const data = emptyData();
  let dir: string;
  let project: ForeignProject | null = null;
  let projectDir: string | undefined;
  if (fs.existsSync(path.join(resolved, ".deep-memory"))) dir = path.join(resolved, ".deep-memory");
  else if (path.basename(resolved) === ".deep-memory" || fs.existsSync(path.join(resolved, "MEMORY.md"))) dir = resolved;
  else if (fs.existsSync(path.join(resolved, "global", "MEMORY.md"))) dir = path.join(resolved, "global");
  else throw badRequest(`path: no .deep-memory folder, MEMORY.md or global/MEMORY.md under ${resolved}`, { field: "path" });
  if (path.basename(dir) === ".deep-memory") {
    projectDir = path.dirname(dir);
    const found = identifyProject(projectDir);
    project = { id: found.id, name: found.name, identity: found.identity };
  }

  for (const name of ["MEMORY.md", "notes.md", "checkpoint.md"]) markdownFile(data, dir, name, project);
  const sessions = path.join(dir, "sessions");
  if (fs.existsSync(sessions) && fs.statSync(sessions).isDirectory())
    for (const id of fs.readdirSync(sessions).sort()) markdownFile(data, dir, path.join("sessions", id, "checkpoint.md"), project);

  const raw = path.join(dir, "checkpoint.raw.json");
  if (fs.existsSync(raw)) {
    const json = readJsonFile(raw) as { sessionID?: unknown; capturedAt?: unknown; messages?: unknown };
    const messages = Array.isArray(json.messages)
      ? json.messages
          .map((m) => openCodeMessage.safeParse(m))
          .filter((r) => r.success)
          .map((r) => r.data)
      : [];
    if (!projectDir) data.skipped.push({ ref: "checkpoint.raw.json", reason: "a global root has no project to hold a checkpoint" });
    else if (typeof json.sessionID !== "string" || !messages.length) data.skipped.push({ ref: "checkpoint.raw.json", reason: "no session id or no messages" });
    else
      data.checkpoints.push({
        ref: `checkpoint.raw.json:${json.sessionID}`,
        sessionId: json.sessionID,
        directory: projectDir,
        messages,
        at: toMs(json.capturedAt) ?? Date.now(),
      });
  }
  return data;
}

function markdownFile(data: ForeignData, dir: string, name: string, project: ForeignProject | null) {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) return;
  const checkpoint = name.endsWith("checkpoint.md");
  for (const section of markdownSections(readRegularText(file, "path", IMPORT_FILE_BYTES))) {
    const heading = section.heading ?? "";
    const items = section.blocks.filter((b) => b.kind === "item");
    if (checkpoint && (CHECKPOINT_ONLY.test(heading) || section.depth === 1)) {
      if (items.length) data.skipped.push({ ref: `${name}#${heading}`, reason: `checkpoint section "${heading}" is session state (${items.length} item(s))` });
      continue;
    }
    for (const item of items) {
      // `- text [2026-03-01]`: the date deep-memory stamps on each entry.
      // Matched at the end of the trimmed text: a lazy head before `\s*` is quadratic on long runs of spaces.
      const text = item.text.trim();
      const dated = /\[(\d{4}-\d{2}-\d{2})\]$/.exec(text);
      const content = (dated ? text.slice(0, dated.index) : text).trim();
      const ref = `${name}:${crypto.createHash("sha1").update(`${heading}\n${content}`).digest("hex").slice(0, 16)}`;
      if (!content) {
        data.skipped.push({ ref, reason: "empty entry" });
        continue;
      }
      data.memories.push({
        ref,
        content,
        title: null,
        category: categoryFromHeading(heading) ?? "note",
        status: "active",
        project,
        createdAt: dated ? toMs(dated[1]) : undefined,
        tags: checkpoint ? ["deep-memory", "checkpoint"] : ["deep-memory"],
        metadata: { file: name, line: item.line },
      });
    }
  }
}
