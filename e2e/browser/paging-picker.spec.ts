import path from "node:path";
import Database from "better-sqlite3";
import { expect } from "@playwright/test";
import type { TestServer } from "../../tests/helpers/server";
import { appTest } from "./fixtures";
import { createMemory, login, tempDir } from "./helpers";
import { MemoriesPage } from "./pages/memories-page";
import { MemoryForm } from "./pages/memory-form";

/**
 * Search results past the first 50 ("51–100 of 130"), "select all N matching" acting on every
 * match (not only the page) with an Undo, the link picker that finds memories by words without
 * counting an access, and the claims of /sessions on a 390 px screen.
 */
const WORD = "quillmarsh";

async function seed(a: TestServer) {
  const hex = (i: number, k: number) => ((i * 2654435761 + k * 40503) >>> 0).toString(36);
  const ids: string[] = [];
  // Each unlike the others (no near-duplicates); letters only around the word (the tokenizer splits digits off).
  for (let i = 0; i < 130; i++)
    ids.push((await createMemory(a, { content: `${WORD} note ${hex(i, 1)} ${hex(i, 2)} ${hex(i, 3)} ${hex(i, 4)}`, category: "fact" })).id);
  return { ids };
}

const test = appTest("paging-picker", seed);
type Memory = { id: string; status: string; accessCount: number };
const get = async (a: TestServer, id: string) => (await (await a.api(`/api/memories/${id}`)).json()) as Memory;

test("a search pages past 50 with its position, forward and back", async ({ page, app }) => {
  await login(page, app.server, `/memories?q=${WORD}`);
  const list = new MemoriesPage(page, app.server.url);
  await expect(list.summary).toContainText("1–50 of 130 results");
  await expect(list.rows).toHaveCount(50);
  await list.nextPage.click();
  await expect(list.pagePosition).toHaveText("51–100 of 130 results");
  await expect(page).toHaveURL(/page=2/);
  await list.nextPage.click();
  await expect(list.pagePosition).toHaveText("101–130 of 130 results");
  await expect(list.rows).toHaveCount(30);
  await expect(list.nextPage).toHaveCount(0);
  await list.previousPage.click();
  await expect(list.pagePosition).toHaveText("51–100 of 130 results");
  // Browsing is not agent usage.
  expect((await get(app.server, app.data.ids[0])).accessCount).toBe(0);
});

test("select all N matching archives every match, not only the page, and Undo restores them", async ({ page, ownApp }) => {
  const a = ownApp.server;
  await login(page, a, `/memories?q=${WORD}`);
  const list = new MemoriesPage(page, a.url);
  await expect(list.rows).toHaveCount(50);
  await expect(list.selectAllMatching).toHaveCount(0);
  await list.selectAll.check();
  await list.selectAllMatching.click();
  await expect(list.selectedCount).toHaveText("All 130 matching selected");
  await list.bulk("archive").click();
  await expect(list.bulkMessage).toContainText("Archived 130 memories");
  await expect.poll(async () => (await get(a, ownApp.data.ids[129])).status).toBe("archived");
  expect((await get(a, ownApp.data.ids[0])).status).toBe("archived");
  await page.getByTestId("undo-button").click();
  await expect.poll(async () => (await get(a, ownApp.data.ids[0])).status).toBe("active");
  expect((await get(a, ownApp.data.ids[129])).status).toBe("active");
});

test("the link picker finds a memory by words, links it, and counts no access", async ({ page, app }) => {
  const a = app.server;
  const from = await createMemory(a, { content: "Picker: the release checklist lives in the wiki.", category: "procedure" });
  const target = await createMemory(a, { content: "Picker target: the staging database is rebuilt every night.", category: "fact" });
  await login(page, a, `/memories/${from.id}`);
  const form = new MemoryForm(page);
  await form.linkByWords("staging rebuilt nightly", "staging database is rebuilt");
  await expect(form.links).toHaveCount(1);
  await expect(form.links.first()).toContainText("staging database");
  const links = (await (await a.api(`/api/memories/${from.id}/links`)).json()) as { to?: string; otherId?: string }[] | { items: unknown[] };
  expect(JSON.stringify(links)).toContain(target.id);
  expect((await get(a, target.id)).accessCount).toBe(0);
});

test("at 390 px the claims of /sessions stack into rows: nothing scrolls sideways", async ({ browser, app }) => {
  const a = app.server;
  const project = (await (
    await a.api("/api/memories", { method: "POST", json: { content: "Claims project memory.", directory: tempDir("claims-") } })
  ).json()) as {
    projectId: string;
  };
  const db = new Database(path.join(a.dataDir, "recollect.db"));
  try {
    db.pragma("busy_timeout = 10000");
    const now = Date.now();
    db.prepare("INSERT INTO sessions(id, project_id, title, status, started_at, last_heartbeat_at) VALUES (?, ?, ?, 'active', ?, ?)").run(
      "ses_claims_390_with_a_long_identifier",
      project.projectId,
      "Claims at 390",
      now - 60_000,
      now,
    );
    db.prepare("INSERT INTO claims(project_id, item, kind, session_id, note, claimed_at, expires_at) VALUES (?, ?, 'file', ?, ?, ?, ?)").run(
      project.projectId,
      "src/components/dashboard/charts/injections-per-day-chart.tsx",
      "ses_claims_390_with_a_long_identifier",
      "reworking the axis labels and the tooltip formatting for compact numbers",
      now - 1000,
      now + 3_600_000,
    );
  } finally {
    db.close();
  }
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  try {
    await login(page, a, "/sessions");
    const claim = page.getByTestId("claim-item").filter({ hasText: "injections-per-day-chart" });
    await expect(claim).toContainText("reworking the axis labels");
    const overflow = await page
      .getByTestId("claim-list")
      .evaluate((card) => [card, ...card.querySelectorAll("*")].map((el) => el.scrollWidth - el.clientWidth).reduce((m, x) => Math.max(m, x), 0));
    expect(overflow, "an element of the claims card scrolls sideways").toBeLessThanOrEqual(0);
    const box = await claim.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  } finally {
    await context.close();
  }
});
