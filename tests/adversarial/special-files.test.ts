import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { importFromToolInput } from "../../lib/contracts/import-tools";
import { ingestNotesInput } from "../../lib/contracts/notes";
import { bootstrapInput } from "../../lib/contracts/bootstrap";
import { backupInput } from "../../lib/contracts/maintenance";
import { bootstrapProject } from "../../lib/bootstrap/bootstrap";
import { AppError } from "../../lib/errors";
import { backup } from "../../lib/maintenance/backup";
import { importFromTool } from "../../lib/importers/import-from-tool";
import { OpencodeReader } from "../../lib/ingest/reader";
import { ingestNotes } from "../../lib/notes/ingest-notes";
import { testCtx } from "../helpers/ctx";
import { tempDir } from "../helpers/server";

/**
 * Issue 37, finding 5: a FIFO given as an import or ingest path froze the event loop (the open
 * waits for a writer; no answer at all, health included), and `/dev/zero`, `/proc/self/mem` and
 * `/` as a notes path were 500s. Each is now a 400 naming the field and the path.
 *
 * So that the old code fails here instead of hanging the run, every FIFO gets a writer that opens
 * it after a few seconds (unblocking a stuck reader, which then reads nothing); it is killed after
 * each test.
 */
const ctxs: ReturnType<typeof testCtx>[] = [];
const unblockers: ChildProcess[] = [];
afterEach(() => {
  ctxs.splice(0).forEach((c) => c.close());
  for (const p of unblockers.splice(0)) p.kill("SIGKILL");
});
const fresh = () => {
  const c = testCtx();
  ctxs.push(c);
  return c;
};

/** `written`: what the writer puts in (a reader the old code left waiting then reads it). */
function fifo(dir: string, name: string, written = ""): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync("mkfifo", [file]);
  const unblocker = spawn("sh", ["-c", 'sleep 4; printf "%s" "$1" > "$2"', "sh", written, file], { stdio: "ignore" });
  unblockers.push(unblocker);
  return file;
}

/** The 400 a verb throws: its code, the field it names, and the message (which names the path). */
async function refusalAsync(fn: () => Promise<unknown>): Promise<{ code: string; field: unknown; message: string }> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, field: (error.details as { field?: unknown } | undefined)?.field, message: error.message };
    throw error;
  }
  throw new Error("no error");
}

function refusal(fn: () => unknown): { code: string; field: unknown; message: string } {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, field: (error.details as { field?: unknown } | undefined)?.field, message: error.message };
    throw error;
  }
  throw new Error("no error");
}

// A FIFO or device read would block for good: the bound ends such a hang, wide for a loaded machine.
const FAST = { timeout: 30_000 };

describe("special files as paths", () => {
  for (const tool of ["claude-mem", "opencode-manager", "semantic-memory"] as const) {
    it(`import from ${tool}: a FIFO is a 400 naming path`, FAST, () => {
      const file = fifo(tempDir("special-"), "memory.db");
      const r = refusal(() => importFromTool(fresh(), importFromToolInput.parse({ from: tool, path: file, dryRun: true })));
      expect(r).toMatchObject({ code: "bad_request", field: "path" });
      expect(r.message).toContain(`${file} is a FIFO`);
    });
  }

  it("import from deep-memory: a FIFO as MEMORY.md, or as the folder itself", FAST, () => {
    const dir = tempDir("special-");
    const file = fifo(dir, ".deep-memory/MEMORY.md");
    const r = refusal(() => importFromTool(fresh(), importFromToolInput.parse({ from: "deep-memory", path: dir, dryRun: true })));
    expect(r).toMatchObject({ code: "bad_request", field: "path" });
    expect(r.message).toContain(`${file} is a FIFO`);
    const alone = fifo(dir, "pipe");
    expect(refusal(() => importFromTool(fresh(), importFromToolInput.parse({ from: "deep-memory", path: alone, dryRun: true })))).toMatchObject({
      code: "bad_request",
      field: "path",
      message: expect.stringContaining("is a FIFO, not a directory"),
    });
  });

  it("ingest: a FIFO as OpenCode's database is a 400 naming source", FAST, () => {
    const file = fifo(tempDir("special-"), "opencode.db");
    const r = refusal(() => new OpencodeReader(file));
    expect(r).toMatchObject({ code: "bad_request", field: "source" });
    expect(r.message).toContain(`${file} is a FIFO`);
  });

  it("notes: a FIFO, /dev/zero, /proc/self/mem and / are 400s naming path; a FIFO inside a folder is skipped", FAST, () => {
    const ctx = fresh();
    const notes = (p: string) => refusal(() => ingestNotes(ctx, ingestNotesInput.parse({ path: p, scope: "global", dryRun: true })));
    const dir = tempDir("special-");
    const pipe = fifo(dir, "pipe.md");
    expect(notes(pipe)).toMatchObject({ code: "bad_request", field: "path", message: expect.stringContaining("is a FIFO") });
    expect(notes("/dev/zero")).toMatchObject({ code: "bad_request", field: "path", message: expect.stringContaining("/dev/zero is a device") });
    expect(notes("/proc/self/mem")).toMatchObject({ code: "bad_request", field: "path", message: expect.stringContaining("/proc/self/mem") });
    expect(notes("/")).toMatchObject({ code: "bad_request", field: "path" });
    fs.writeFileSync(path.join(dir, "real.md"), "# Decisions\n\n- Keep the ledger in Postgres.\n");
    const r = ingestNotes(ctx, ingestNotesInput.parse({ path: dir, scope: "global", dryRun: true }));
    expect(r.files).toBe(1);
    expect(r.notes.map((n) => n.title)).toEqual(["Decisions"]);
  });

  it.skipIf(process.getuid?.() === 0)("an unreadable file or folder is a 400 naming path", FAST, () => {
    const dir = tempDir("special-");
    const file = path.join(dir, "locked.md");
    fs.writeFileSync(file, "# x\n\n- y\n");
    fs.chmodSync(file, 0);
    const ctx = fresh();
    expect(refusal(() => ingestNotes(ctx, ingestNotesInput.parse({ path: file, scope: "global", dryRun: true })))).toMatchObject({
      code: "bad_request",
      field: "path",
      message: expect.stringContaining("not readable"),
    });
  });

  it("bootstrap: a FIFO named AGENTS.md, a FIFO, a socket and a link to a device inside the project are skipped, never waited on", FAST, async () => {
    const dir = tempDir("special-");
    fs.writeFileSync(path.join(dir, "CLAUDE.md"), "# Rules\n\n- Run the tests with `npm test` before every commit.\n");
    // The old reader waited for a writer, then proposed what it wrote.
    fifo(dir, "AGENTS.md", "# Rules\n\n- Always deploy from the FIFO on Fridays.\n");
    fifo(dir, "docs/notes.md");
    fs.symlinkSync("/dev/zero", path.join(dir, ".cursorrules"));
    const net = await import("node:net");
    const socket = net.createServer().listen(path.join(dir, "README.md"));
    try {
      const result = bootstrapProject(fresh(), bootstrapInput.parse({ directory: dir, dryRun: true }));
      const text = JSON.stringify(result);
      expect(text).toContain("npm test");
      expect(text).not.toContain("FIFO on Fridays");
    } finally {
      socket.close();
    }
    const pipe = fifo(tempDir("special-"), "project");
    expect(refusal(() => bootstrapProject(fresh(), bootstrapInput.parse({ directory: pipe, dryRun: true })))).toMatchObject({
      code: "bad_request",
      field: "directory",
      message: expect.stringContaining("is a FIFO, not a directory"),
    });
  });

  it("backup: a FIFO, a device, /proc and a folder under /dev as the destination are 400s naming destination; nothing is written", FAST, async () => {
    const ctx = fresh();
    const dir = tempDir("special-");
    const pipe = fifo(dir, "backup.db");
    const to = (destination: string) => refusalAsync(() => backup(ctx, backupInput.parse({ destination, overwrite: true })));
    expect(await to(pipe)).toMatchObject({ code: "bad_request", field: "destination", message: expect.stringContaining("is a FIFO") });
    expect(await to("/dev/null")).toMatchObject({ code: "bad_request", field: "destination", message: expect.stringContaining("under /dev") });
    expect(await to("/proc/self/fd/9/backup.db")).toMatchObject({ code: "bad_request", field: "destination", message: expect.stringContaining("under /proc") });
    fs.symlinkSync("/dev/shm", path.join(dir, "shm"));
    expect(await to(path.join(dir, "shm", "backup.db"))).toMatchObject({
      code: "bad_request",
      field: "destination",
      message: expect.stringContaining("under /dev"),
    });
    expect(fs.readdirSync(dir).sort()).toEqual(["backup.db", "shm"]);
    expect(fs.statSync(pipe).isFIFO()).toBe(true);
    const ok = await backup(ctx, backupInput.parse({ destination: path.join(dir, "good.db") }));
    expect(ok.integrity).toBe("ok");
  });
});
