import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { postgresSkipReason, startPostgres, type ThrowAwayPostgres } from "../../tests/helpers/postgres";
import type { TestServer } from "../../tests/helpers/server";
import { login, server, tempDir } from "./helpers";

/**
 * Team memory in the browser (docs/team.md): a real PostgreSQL 15 hub and one machine that joined
 * it. The machine's memory list and memory page show each memory's sync state (synced, pending,
 * conflict, not shared); the hub's /team page shows its audit log, filtered by who did it. The
 * conflict is a real one: another user ("bob", over the hub's API) edits a memory the machine edits
 * too, from the same version.
 */
const skip = postgresSkipReason();
test.describe("team: sync badges and the hub's audit log", () => {
  test.skip(skip !== null, skip ?? "");
  test.describe.configure({ timeout: 300_000 });
  let db: ThrowAwayPostgres;
  let hub: TestServer;
  let machine: TestServer;
  const ids: Record<"synced" | "pending" | "conflict" | "notShared", string> = { synced: "", pending: "", conflict: "", notShared: "" };

  const ok = async (res: Promise<Response>, status = 200) => {
    const r = await res;
    const body = await r.json();
    if (r.status !== status) throw new Error(`${r.status}: ${JSON.stringify(body)}`);
    return body;
  };
  const store = async (json: Record<string, unknown>) => (await ok(machine.api("/api/memories", { method: "POST", json }), 201)).id as string;
  const sync = () => ok(machine.api("/api/team/sync", { method: "POST" }));

  test.beforeAll(async () => {
    db = await startPostgres();
    [hub, machine] = await Promise.all([
      server(undefined, { RECOLLECT_DATABASE_URL: db.url }),
      server(undefined, { RECOLLECT_TEAM_SYNC_MS: "3600000", RECOLLECT_TEAM_SYNC_INSTANT: "0" }),
    ]);
    const token: Record<string, string> = {};
    for (const name of ["ana", "bob"]) token[name] = (await ok(hub.api("/api/team/users", { method: "POST", json: { name, team: "core" } }), 201)).token;
    await ok(hub.api("/api/team/access", { method: "POST", json: { team: "core", project: "acme" } }), 201);
    const directory = tempDir("recollect-e2e-team-");
    await ok(machine.api("/api/team", { method: "POST", json: { url: hub.url, token: token.ana } }));
    await ok(machine.api("/api/team/projects", { method: "POST", json: { directory, name: "acme" } }), 201);

    ids.synced = await store({ content: "Staging deploys need the acme-stage VPN profile.", directory });
    ids.conflict = await store({ content: "Lint with biome before every commit.", directory });
    await sync();
    // Bob edits the conflict memory on the hub, based on the version the machine has too.
    const asBob = (path: string, init: RequestInit = {}) =>
      fetch(hub.url + path, { ...init, headers: { authorization: `Bearer ${token.bob}`, "content-type": "application/json" } });
    const pulled = await ok(asBob("/api/team/hub/pull?project=acme&cursor=0"));
    const base = pulled.versions.find((v: { memoryId: string }) => v.memoryId === ids.conflict).seq;
    const change = {
      changeId: "bob:1",
      memoryId: ids.conflict,
      project: "acme",
      baseSeq: base,
      category: "fact",
      title: null,
      content: "Lint with eslint before every commit.",
    };
    await ok(asBob("/api/team/hub/push", { method: "POST", body: JSON.stringify({ changes: [change] }) }));
    await ok(machine.api(`/api/memories/${ids.conflict}`, { method: "PATCH", json: { content: "Lint with biome and tsc before every commit." } }));
    await sync();
    ids.pending = await store({ content: "The nightly job runs at 04:00 UTC.", directory });
    ids.notShared = await store({ content: "I prefer short commit messages.", scope: "global" });
  });
  test.afterAll(async () => {
    await Promise.all([hub?.stop(), machine?.stop()]);
    db?.stop();
  });

  const seriousAxe = async (page: Page) => {
    const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")}`);
  };

  test("the memory list and a memory's page show its sync state; Sync now pushes the pending one", async ({ page }) => {
    await login(page, machine, "/memories");
    const badge = (id: string) => page.locator(`[data-testid="memory-item"][data-id="${id}"] [data-testid="sync-state"]`);
    await expect(badge(ids.synced)).toHaveAttribute("data-state", "synced");
    await expect(badge(ids.pending)).toHaveAttribute("data-state", "pending");
    await expect(badge(ids.conflict)).toHaveAttribute("data-state", "conflict");
    await expect(badge(ids.notShared)).toHaveText(/not shared/);
    expect(await seriousAxe(page)).toEqual([]);

    await page.goto(`${machine.url}/memories/${ids.conflict}`);
    await expect(page.getByTestId("memory-detail").getByTestId("sync-state")).toHaveAttribute("data-state", "conflict");
    expect(await seriousAxe(page)).toEqual([]);

    await page.goto(`${machine.url}/team`);
    await expect(page.getByTestId("team-pending")).toContainText("1");
    await page.getByTestId("team-sync-now").click();
    await expect(page.getByTestId("team-sync-result")).toHaveText(/Pushed 1, pulled \d+\./);
    await expect(page.getByTestId("team-pending")).toContainText("0");
    await page.goto(`${machine.url}/memories/${ids.pending}`);
    await expect(page.getByTestId("memory-detail").getByTestId("sync-state")).toHaveAttribute("data-state", "synced");
  });

  test("the hub's audit log says who did what, and narrows to one person", async ({ page }) => {
    await login(page, hub, "/team");
    const entries = page.getByTestId("audit-entry");
    await expect(entries.filter({ hasText: "bob" }).filter({ hasText: "memory.update" })).toHaveCount(1);
    await expect(entries.filter({ hasText: "ana" }).filter({ hasText: "memory.create" }).first()).toBeVisible();
    await expect(entries.filter({ hasText: "user.invite" })).toHaveCount(2);
    expect(await seriousAxe(page)).toEqual([]);

    await page.getByTestId("audit-filter-actor").selectOption("bob");
    await expect(page).toHaveURL(`${hub.url}/team?actor=bob`);
    await expect(page.getByTestId("audit-actor")).toHaveText(["bob"]);
    await expect(page.getByTestId("audit-action")).toHaveText(["memory.update"]);
  });
});
