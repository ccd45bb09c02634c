import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ingestNotesInput, type IngestNotesResult } from "../../../lib/contracts/notes";
import { getMemory, listVersions } from "../../../lib/memories";
import { ingestNotes } from "../../../lib/notes/ingest-notes";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";

const ctxs: ReturnType<typeof testCtx>[] = [];
afterEach(() => ctxs.splice(0).forEach((c) => c.close()));
const fresh = () => {
  const c = testCtx();
  ctxs.push(c);
  return c;
};
function folder(files: Record<string, string>): string {
  const root = tempDir("notes-");
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}
const ingest = (ctx: ReturnType<typeof testCtx>, p: string, extra: Record<string, unknown> = {}) =>
  ingestNotes(ctx, ingestNotesInput.parse({ path: p, ...extra }));
const note = (r: IngestNotesResult, source: string) => r.notes.find((n) => n.source === source);

/** Cline's memory bank, as its custom instructions lay it out. */
const MEMORY_BANK = {
  "memory-bank/projectbrief.md": "# Project Brief\n\nAn inventory service for three warehouses.\n",
  "memory-bank/activeContext.md":
    "# Active Context\n\n## Current focus\n\nMigrating the stock ledger to event sourcing.\n\n## Decisions\n\n- Events are stored in Postgres, not Kafka.\n- Snapshots every 500 events.\n",
  "memory-bank/systemPatterns.md": "# System Patterns\n\n- Every command handler is idempotent.\n\n## 约束\n\n- 不要在事务外发布事件。\n",
  "memory-bank/techContext.md": "# Tech Context\n\n- Go 1.22, Postgres 16.\n\n## Gotchas\n\n- The test database needs `TZ=UTC`.\n",
  "memory-bank/progress.md": "# Progress\n\n- [x] ledger schema\n- [ ] projections\n",
};

describe("Markdown ingest", () => {
  it("a memory-bank folder: one memory per item or section, headings as titles, categories from headings and file names (EN + ZH)", () => {
    const ctx = fresh();
    const root = folder(MEMORY_BANK);
    const r = ingest(ctx, path.join(root, "memory-bank"));
    expect(r).toMatchObject({ files: 5, scope: "global", dryRun: false });
    expect(note(r, "activeContext.md:5")).toMatchObject({ title: "Current focus", category: "context", outcome: "new" });
    expect(note(r, "activeContext.md:9")).toMatchObject({ title: "Decisions", category: "decision" });
    expect(note(r, "activeContext.md:10")).toMatchObject({ title: "Decisions", category: "decision" });
    expect(note(r, "systemPatterns.md:3")).toMatchObject({ title: "System Patterns", category: "convention" });
    expect(note(r, "systemPatterns.md:7")).toMatchObject({ title: "约束", category: "constraint" });
    expect(note(r, "techContext.md:7")).toMatchObject({ title: "Gotchas", category: "gotcha" });
    expect(note(r, "techContext.md:3")).toMatchObject({ category: "fact" });
    expect(note(r, "progress.md:3")).toMatchObject({ category: "plan" });
    expect(note(r, "projectbrief.md:3")).toMatchObject({ category: "context" });
    expect(r.counts).toEqual({ new: 10, updated: 0, unchanged: 0, removed: 0 });

    const m = getMemory(ctx, note(r, "activeContext.md:9")!.id!);
    expect(m).toMatchObject({
      content: "Events are stored in Postgres, not Kafka.",
      status: "active",
      source: "import",
      metadata: { source: "activeContext.md:9" },
    });
    expect(m.tags).toEqual(["notes", "memory-bank"]);
  });

  it("re-ingest after an edit updates in place, keeps the old text as a version, archives what was removed", () => {
    const ctx = fresh();
    const root = folder(MEMORY_BANK);
    const dir = path.join(root, "memory-bank");
    const first = ingest(ctx, dir);
    expect(ingest(ctx, dir).counts).toEqual({ new: 0, updated: 0, unchanged: 10, removed: 0 });

    const snapshots = note(first, "activeContext.md:10")!.id!;
    const kafka = note(first, "activeContext.md:9")!.id!;
    const brief = note(first, "projectbrief.md:3")!.id!;
    fs.writeFileSync(
      path.join(dir, "activeContext.md"),
      "# Active Context\n\n## Current focus\n\nMigrating the stock ledger to event sourcing.\n\n## Decisions\n\n- Idempotency keys come from the client.\n- Snapshots every 1000 events.\n",
    );
    fs.writeFileSync(path.join(dir, "projectbrief.md"), "# Project Brief\n\nAn inventory service for four warehouses.\n");
    const preview = ingest(ctx, dir, { dryRun: true });
    expect(preview.counts).toEqual({ new: 1, updated: 2, unchanged: 7, removed: 1 });
    expect(getMemory(ctx, snapshots).content).toBe("Snapshots every 500 events."); // nothing written

    const second = ingest(ctx, dir);
    expect(second.counts).toEqual({ new: 1, updated: 2, unchanged: 7, removed: 1 });
    expect(note(second, "activeContext.md:10")).toMatchObject({ outcome: "updated", id: snapshots });
    expect(getMemory(ctx, snapshots).content).toBe("Snapshots every 1000 events.");
    expect(listVersions(ctx, snapshots)[0]).toMatchObject({ content: "Snapshots every 500 events." });
    expect(getMemory(ctx, brief).content).toBe("An inventory service for four warehouses.");
    expect(note(second, "activeContext.md:9")).toMatchObject({ outcome: "new" });
    expect(getMemory(ctx, kafka).status).toBe("archived");
    // One file of the folder alone finds the same memories.
    expect(ingest(ctx, path.join(dir, "activeContext.md")).counts).toEqual({ new: 0, updated: 0, unchanged: 3, removed: 0 });
  });

  it("Serena memories and plain notes, into a project when asked", () => {
    const ctx = fresh();
    const project = folder({
      ".serena/memories/suggested_commands.md": "Run `uv run pytest -x` for tests and `uv run ruff check` for lint.\n",
      ".serena/memories/code_style_conventions.md": "- snake_case for modules\n- Google-style docstrings\n",
      "notes/misc.md": "Some plain text with no heading.\n",
    });
    const r = ingest(ctx, path.join(project, ".serena", "memories"), { directory: project });
    expect(r).toMatchObject({ scope: "project", files: 2 });
    expect(note(r, "suggested_commands.md:1")).toMatchObject({ title: "suggested commands", category: "procedure" });
    expect(note(r, "code_style_conventions.md:1")).toMatchObject({ category: "convention" });
    expect(getMemory(ctx, note(r, "code_style_conventions.md:2")!.id!)).toMatchObject({ scope: "project", tags: ["notes", "serena"] });
    const plain = ingest(ctx, path.join(project, "notes", "misc.md"));
    expect(plain.notes).toEqual([expect.objectContaining({ title: "misc", category: "note", source: "misc.md:1" })]);
  });

  it("refuses a path that does not exist, naming the field", () => {
    expect(() => ingest(fresh(), path.join(tempDir(), "none"))).toThrow(/path: nothing at/);
  });
});
