import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import { expect, type Page, type TestInfo } from "@playwright/test";
import { ensureBuild } from "../../scripts/build-if-needed";
import { startServer, tempDir, type TestServer } from "../../tests/helpers/server";

/** One real server per data dir, on the build `npm test` made (RECOLLECT_DIST_DIR, default .next). */
export async function server(dataDir?: string, env?: Record<string, string>): Promise<TestServer> {
  // RECOLLECT_E2E_NO_BUILD=1 reuses the existing build even when sources are newer.
  if (!process.env.RECOLLECT_E2E_NO_BUILD) ensureBuild();
  return startServer({ dataDir, env });
}

/** Opens the data dir's database read-only (checks of what a page must not have written). */
export function readDb(dataDir: string): Database.Database {
  return new Database(path.join(dataDir, "recollect.db"), { readonly: true, fileMustExist: true });
}

/**
 * Signs the page's browser context in the way `recollect open` does: a one-time login link minted
 * over the API with the token, opened in the browser, which lands on `next` with a session cookie.
 */
export async function login(page: Page, s: TestServer, next = "/"): Promise<void> {
  const res = await s.api("/api/auth/tickets", { method: "POST", json: { next } });
  if (res.status !== 201) throw new Error(`minting a login link failed: ${res.status} ${await res.text()}`);
  const { url } = (await res.json()) as { url: string };
  const landed = await page.goto(url);
  // The link answers with redirects only: a page left on /login?ticket= is an error answer, named here.
  // With the server's output after it: an error answer's cause (an exception, a dead server) is in there.
  const answer =
    landed && page.url() !== s.url + next
      ? ` (answered ${landed.status()}: ${(await landed.text()).slice(0, 300)})\nthe server's output:\n${s.log().slice(-4000)}`
      : "";
  await expect(page, `the login link lands on ${next}${answer}`).toHaveURL(s.url + next);
}

export async function createMemory(s: TestServer, body: Record<string, unknown>): Promise<{ id: string }> {
  const res = await s.api("/api/memories", { method: "POST", json: body });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The fields the issue asks the export -> import round trip to keep, sorted. */
export async function snapshot(s: TestServer) {
  const res = await s.api("/api/memories?status=all&limit=500");
  const { items } = (await res.json()) as { items: Record<string, unknown>[] };
  return items
    .map(({ content, category, scope, tags, pinned, status }) => ({ content, category, scope, tags, pinned, status }))
    .sort((a, b) => String(a.content).localeCompare(String(b.content)));
}

/**
 * The whole store an export must carry, read from the database: every column of every memory but
 * the local rowid, links, versions but their local ids, projects.
 */
export function wholeStore(dataDir: string) {
  const db = readDb(dataDir);
  try {
    const rows = (q: string) => db.prepare(q).all();
    return {
      memories: rows(
        `SELECT id, project_id, scope, session_id, category, title, content, tags, source, status, pinned, priority, content_hash, metadata,
                created_at, updated_at, last_accessed_at, access_count FROM memories ORDER BY id`,
      ),
      links: rows("SELECT from_id, to_id, kind, created_at FROM memory_links ORDER BY from_id, to_id, kind"),
      versions: rows(
        "SELECT memory_id, version, title, content, category, tags, pinned, priority, status, scope, changed_by, reason, created_at FROM memory_versions ORDER BY memory_id, version",
      ),
      projects: rows("SELECT id, name, root_path, identity FROM projects ORDER BY id"),
    };
  } finally {
    db.close();
  }
}

/** Writes rows the browser only reads (sessions, claims, KV, a checkpoint) straight into the database. */
export function seedActivity(dataDir: string, projectId: string) {
  const db = new Database(path.join(dataDir, "recollect.db"));
  db.pragma("busy_timeout = 10000");
  const now = Date.now();
  db.prepare(
    "INSERT INTO sessions(id, project_id, title, agent, status, working_on, started_at, last_heartbeat_at) VALUES (?, ?, ?, ?, 'active', ?, ?, ?)",
  ).run("ses_e2e_1", projectId, "Fix the login redirect", "build", "issue #42: login redirect loop", now - 3_600_000, now - 30_000);
  db.prepare("INSERT INTO claims(project_id, item, kind, session_id, note, claimed_at, expires_at) VALUES (?, ?, 'issue', ?, ?, ?, ?)").run(
    projectId,
    "#42",
    "ses_e2e_1",
    "on it",
    now - 60_000,
    now + 7_200_000,
  );
  db.prepare("INSERT INTO kv(project_id, key, value, created_at, updated_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)").run(
    projectId,
    "deploy/last-tag",
    JSON.stringify({ tag: "v1.4.2", by: "ci" }),
    now,
    now,
    now + 86_400_000,
  );
  const messages = Array.from({ length: 26 }, (_, i) => ({
    info: { id: `msg_${i}`, role: i % 2 ? "assistant" : "user" },
    parts: [{ type: "text", text: i % 2 ? `Answer number ${i}` : `Question number ${i}` }],
  }));
  const extracted = {
    task: "Fix the login redirect loop",
    latestRequest: null,
    progress: ["Found the cookie path bug"],
    decisions: ["Keep SameSite=Lax for the session cookie"],
    constraints: ["Do not touch the OAuth provider config"],
    filesModified: [{ path: "src/auth/redirect.ts", ops: ["edit"], count: 2 }],
    errors: [{ tool: "bash", message: "npm test: 1 failing", fixed: true }],
    nextSteps: ["Add a regression test"],
    criticalContext: [],
  };
  db.prepare(
    "INSERT INTO checkpoints(id, project_id, session_id, trigger, markdown, raw_messages, message_count, extracted, tokens_raw, tokens_summary, created_at) VALUES (?, ?, ?, 'compaction', ?, ?, ?, ?, ?, ?, ?)",
  ).run(
    "cp_e2e_1",
    projectId,
    "ses_e2e_1",
    "# Checkpoint\n\n## Task\nFix the login **redirect** loop\n\n## Next steps\n- Add a regression test\n\n<script>alert(1)</script>",
    zlib.gzipSync(JSON.stringify(messages)),
    messages.length,
    JSON.stringify(extracted),
    5400,
    320,
    now - 120_000,
  );
  db.prepare("INSERT INTO compression_stats(session_id, tokens_before, tokens_after, by_strategy, created_at) VALUES (?, ?, ?, '{}', ?)").run(
    "ses_e2e_1",
    12000,
    7000,
    now - 3_600_000,
  );
  db.close();
}

/** Saves a full-page screenshot with the test's results (test-results/) and attaches it to the report. */
export async function shot(page: Page, info: TestInfo, name: string) {
  await page.waitForLoadState("networkidle").catch(() => {});
  // Sticky parts (sidebar, preview) would otherwise be drawn where the page was scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  const file = info.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await info.attach(name, { path: file, contentType: "image/png" });
}

export { tempDir, fs };

/**
 * Answers the browser's re-authentication modal (a power a session cookie alone may not use:
 * loops, bootstrap, import of a path...) with the API token, as a user pasting it would.
 */
export async function confirmWithToken(page: Page, token: string): Promise<void> {
  const dialog = page.getByTestId("reauth-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("reauth-token").fill(token);
  await dialog.getByTestId("reauth-confirm").click();
  await expect(dialog).toHaveCount(0);
}
