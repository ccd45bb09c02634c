import Database from "better-sqlite3";
import path from "node:path";
import { expect } from "@playwright/test";
import type { TestServer } from "../../tests/helpers/server";
import { appTest } from "./fixtures";
import { createMemory, login, seedActivity, tempDir } from "./helpers";

/** A session's own page (summary, end, release a claim) and the KV page (internal keys hidden, delete). */
async function seed(a: TestServer) {
  const first = await createMemory(a, { content: "Sessions spec memory.", category: "fact", directory: tempDir("recollect-e2e-sessions-") });
  const projectId = ((await (await a.api(`/api/memories/${first.id}`)).json()) as { projectId: string }).projectId;
  seedActivity(a.dataDir, projectId);
  const db = new Database(path.join(a.dataDir, "recollect.db"));
  const now = Date.now();
  const insertKv = db.prepare("INSERT INTO kv(project_id, key, value, created_at, updated_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)");
  insertKv.run(projectId, "_recollect/ingest-cursor", "42", now, now, now + 86_400_000);
  insertKv.run("", "scratch/delete-me", "temporary", now, now, now + 86_400_000);
  db.prepare("INSERT INTO sessions(id, project_id, title, status, summary, started_at, last_heartbeat_at, ended_at) VALUES (?, ?, ?, 'ended', ?, ?, ?, ?)").run(
    "ses_e2e_ended",
    projectId,
    "Rename the billing module",
    "Renamed billing to invoicing; two call sites left for tomorrow.",
    now - 7_200_000,
    now - 3_600_000,
    now - 3_600_000,
  );
  db.close();
  return { projectId };
}

const test = appTest("sessions-kv", seed);

test("an ended session shows its summary", async ({ page, app }) => {
  await login(page, app.server, "/sessions?all=1");
  await page.getByRole("link", { name: "ses_e2e_ended" }).click();
  await expect(page).toHaveTitle(/Rename the billing module/);
  await expect(page.getByTestId("session-status")).toHaveText("ended");
  await expect(page.getByTestId("session-summary")).toContainText("Renamed billing to invoicing");
  await expect(page.getByTestId("end-session")).toHaveCount(0);
});

test("releasing a claim and ending a session from the session's page", async ({ page, ownApp }) => {
  const a = ownApp.server;
  await login(page, a, "/sessions/ses_e2e_1");
  await expect(page.getByTestId("session-claim")).toContainText("#42");
  await page.getByTestId("release-claim").click();
  await expect(page.getByTestId("session-claim")).toHaveCount(0);
  const claims = (await (await a.api(`/api/claims?project=${ownApp.data.projectId}`)).json()) as { items: unknown[] };
  expect(claims.items).toEqual([]);

  await page.getByLabel("Summary").fill("Fixed the redirect loop.");
  await page.getByTestId("end-session").click();
  await expect(page.getByTestId("session-status")).toHaveText("ended");
  await expect(page.getByTestId("session-summary")).toContainText("Fixed the redirect loop.");
});

test("the KV page hides internal keys and deletes a key", async ({ page, app }) => {
  const a = app.server;
  await login(page, a, "/kv");
  await expect(page.getByTestId("kv-item").filter({ hasText: "deploy/last-tag" })).toBeVisible();
  await expect(page.getByTestId("kv")).not.toContainText("_recollect/");
  const item = page.getByTestId("kv-item").filter({ hasText: "scratch/delete-me" });
  await item.getByTestId("kv-delete").click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Delete" }).click();
  await expect(item).toHaveCount(0);
  expect((await a.api("/api/kv/scratch/delete-me")).status).toBe(404);
});
