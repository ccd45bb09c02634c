/**
 * Redaction as an invariant (issue 43): the writers of memories' text take only `Redacted` values,
 * which only the redactor makes. What the type system checks is pinned by the `@ts-expect-error`
 * lines below (`npx tsc --noEmit -p .` fails if one of them stops being an error); what it cannot
 * check is tested here: nobody else casts to `Redacted`, and a secret given through each write path
 * of memories (the verbs the HTTP routes and the CLI call, MCP, import, notes) never reaches the
 * database file. tests/http/secrets-at-rest.test.ts does the same through the real server for
 * every HTTP write path.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportQuery, importQuery } from "../../../../lib/contracts/export";
import { createMemoryInput, updateMemoryInput } from "../../../../lib/contracts/memories";
import { ingestNotesInput } from "../../../../lib/contracts/notes";
import { exportMemories, importMemories, importMemoriesAsync } from "../../../../lib/export";
import { createMemory, insertMemory, storeMemory, updateMemory } from "../../../../lib/memories";
import type { MemoryToWrite } from "../../../../lib/memories/create";
import { applyChange, type MemoryChange } from "../../../../lib/memories/update";
import { getMemoryRow } from "../../../../lib/memories/get";
import { ingestNotes } from "../../../../lib/notes/ingest-notes";
import { redact } from "../../../../lib/security/redaction";
import { ROOT } from "../../../../scripts/build-if-needed";
import { secretVariants } from "../../../fixtures/secrets";
import { testCtx } from "../../../helpers/ctx";
import { call, connectInProcess } from "../../../helpers/mcp-client";
import { tempDir } from "../../../helpers/server";

/** Files allowed to turn a value into `Redacted`: the redactor itself. */
const REDACTOR = [/^lib\/security\/redaction\//, /^lib\/security\/redact-fields\.ts$/];

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === "node_modules" || e.name.startsWith(".") ? [] : sources(rel);
    return /\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

describe("only the redactor makes a Redacted value", () => {
  it("no cast to Redacted outside lib/security/redaction/ and redact-fields.ts", () => {
    const offenders: string[] = [];
    for (const dir of ["lib", "app", "cli", "server", "plugin", "bench", "scripts", "tests"]) {
      if (!fs.existsSync(path.join(ROOT, dir))) continue;
      for (const file of sources(dir)) {
        if (REDACTOR.some((re) => re.test(file))) continue;
        const text = fs.readFileSync(path.join(ROOT, file), "utf8");
        // `as Redacted`, `as unknown as Redacted<...>`, `<Redacted>x`, and the marker function itself.
        if (/\bas\s+(?:unknown\s+as\s+)?Redacted\b|<Redacted>\s*[\w(]|\basRedacted\b/.test(text) && file !== "tests/lib/security/redaction/invariant.test.ts")
          offenders.push(file);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("a writer refuses plain text (checked by tsc: each line below must be a type error)", () => {
    const plain = "text that skipped the redactor";
    // @ts-expect-error content must come from the redactor
    const toWrite: Pick<MemoryToWrite, "content"> = { content: plain };
    // @ts-expect-error a change's content must come from the redactor
    const change: MemoryChange = { content: plain };
    // @ts-expect-error tags too
    const tags: MemoryChange = { tags: [plain] };
    // @ts-expect-error metadata too
    const metadata: MemoryChange = { metadata: { note: plain } };
    const redacted: MemoryChange = { content: redact(plain), tags: [redact("t")], title: null };
    expect([toWrite, change, tags, metadata, redacted].length).toBe(5);
  });
});

describe("a secret given through each write path of memories never reaches the database file", () => {
  const ctx = testCtx();
  const dataDir = ctx.dataDir;
  const variants = secretVariants("invariant").slice(0, 12);
  const needles = variants.map((v) => v.secret);
  /** A tag is at most 64 characters: the short forms that fit. */
  const tag = (i: number) => variants.filter((v) => v.short.length <= 64)[i].short;
  let mcp: Awaited<ReturnType<typeof connectInProcess>>;

  beforeAll(async () => {
    mcp = await connectInProcess(ctx, { directory: tempDir("mcp-invariant-") });
  });
  afterAll(async () => {
    await mcp.close();
    ctx.close();
  });

  const text = (i: number, path: string) => `${path}: ${variants[i % variants.length].text}`;
  const meta = (i: number) => ({ note: variants[i % variants.length].line, password: variants[i % variants.length].secret });

  it("HTTP create (storeMemory), CLI and extraction (createMemory), insertMemory", async () => {
    await storeMemory(ctx, createMemoryInput.parse({ content: text(0, "http"), title: variants[1].line, tags: [tag(0)], metadata: meta(3) }));
    createMemory(ctx, { content: text(4, "cli"), title: variants[5].line, tags: [tag(1)], metadata: meta(7) });
    insertMemory(ctx, createMemoryInput.parse({ content: text(8, "insert"), metadata: meta(9) }));
  });

  it("HTTP update (updateMemory) and applyChange's reason", () => {
    const { memory } = createMemory(ctx, { content: "a memory to change" });
    updateMemory(
      ctx,
      memory.id,
      updateMemoryInput.parse({
        content: text(10, "update"),
        title: variants[11].line,
        tags: [tag(2)],
        metadata: meta(1),
        reason: variants[2].text,
      }),
    );
    applyChange(ctx.db, getMemoryRow(ctx.db, memory.id), { pinned: true }, "api", variants[3].text);
  });

  it("MCP remember and edit_memory", async () => {
    const stored = await call(mcp.client, "remember", { content: text(4, "mcp"), category: "fact", tags: [tag(3)] });
    expect(stored.isError).toBe(false);
    const id = stored.result?.memory?.id ?? stored.result?.id;
    expect(typeof id).toBe("string");
    const edited = await call(mcp.client, "edit_memory", { id, content: text(6, "mcp edit"), reason: variants[7].text });
    expect(edited.isError).toBe(false);
  });

  it("import (sync and async) and notes", async () => {
    const other = testCtx();
    createMemory(other, { content: "exported then imported", title: "t", tags: ["x"] });
    const file = exportMemories(other, exportQuery.parse({ format: "json" }));
    other.close();
    const body = file.body.replace("exported then imported", text(8, "import")).replace('"t"', JSON.stringify(variants[9].line));
    expect(importMemories(ctx, importQuery.parse({ format: "json" }), body).invalid).toBe(0);
    const body2 = file.body.replace("exported then imported", text(10, "import async"));
    expect((await importMemoriesAsync(ctx, importQuery.parse({ format: "json" }), body2)).invalid).toBe(0);

    const notes = tempDir("notes-invariant-");
    fs.writeFileSync(path.join(notes, "notes.md"), `# ${variants[11].line}\n\n- ${text(0, "notes")}\n`);
    ingestNotes(ctx, ingestNotesInput.parse({ path: notes }));
  });

  it("no secret in the database file", () => {
    ctx.sqlite.pragma("wal_checkpoint(TRUNCATE)");
    const files = fs.readdirSync(dataDir).filter((f) => f.includes(".db"));
    expect(files.length).toBeGreaterThan(0);
    const bytes = files.map((f) => fs.readFileSync(path.join(dataDir, f)).toString("latin1")).join("\n");
    expect(bytes).toContain("[REDACTED:");
    expect(needles.filter((n) => bytes.includes(n))).toEqual([]);
  });
});
