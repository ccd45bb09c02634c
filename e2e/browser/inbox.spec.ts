import { expect } from "@playwright/test";
import type { TestServer } from "../../tests/helpers/server";
import { appTest } from "./fixtures";
import { createMemory, login, tempDir } from "./helpers";
import { InboxPage } from "./pages/inbox-page";

/**
 * The review inbox in Chromium: suggested memories and a consolidation proposal in one queue,
 * the keyboard path (j/k to move, a/r to approve/reject, u to undo), edit-then-approve, bulk
 * reject, the undo toast, and the count in the navigation and on the dashboard; a blocker resolved
 * and reopened from its page. The queue tests have their own seeded server each (`ownApp`): they
 * change the one queue; the blocker test only adds a memory of its own (`app`).
 */
async function seed(a: TestServer) {
  const directory = tempDir("recollect-e2e-inbox-");
  const suggest = (content: string, category = "fact") => createMemory(a, { content, category, directory, status: "suggested" });
  await suggest("The parser rejects tabs in YAML keys.", "gotcha");
  await suggest("Release notes are written in CHANGELOG.md.", "convention");
  await suggest("Use the retry helper for flaky network calls.", "convention");
  await createMemory(a, { content: "Deploy previews are built with Netlify for every branch.", category: "decision", directory });
  await createMemory(a, { content: "We switched from Netlify to Cloudflare Pages for the previews.", category: "decision", directory });
  return { directory };
}

const test = appTest("inbox", seed);

const memoryStatus = async (a: TestServer, content: string) => {
  const { items } = (await (await a.api("/api/memories?status=all&limit=100")).json()) as { items: { content: string; status: string }[] };
  return items.find((m) => m.content === content)?.status;
};

test("keyboard: j/k move, a approves, r rejects, u undoes; the nav count follows", async ({ page, ownApp }) => {
  const a = ownApp.server;
  await login(page, a, "/inbox");
  const inbox = new InboxPage(page, a.url);
  await expect(inbox.items).toHaveCount(3);
  await expect(inbox.navCount).toHaveText("3");

  // The newest first; j moves down, k back up.
  await expect(inbox.current).toContainText("Use the retry helper");
  await inbox.press("j");
  await expect(inbox.current).toContainText("Release notes");
  await inbox.press("j", "k");
  await expect(inbox.current).toContainText("Release notes");

  await inbox.press("a");
  await expect(inbox.toast).toContainText("Approved suggestion");
  await expect(inbox.items).toHaveCount(2);
  await expect(inbox.navCount).toHaveText("2");
  expect(await memoryStatus(a, "Release notes are written in CHANGELOG.md.")).toBe("active");

  // The next item slides into place; k goes back up to the first.
  await expect(inbox.current).toContainText("The parser rejects tabs");
  await inbox.press("k");
  await expect(inbox.current).toContainText("Use the retry helper");
  await inbox.press("r");
  await expect(inbox.items).toHaveCount(1);
  expect(await memoryStatus(a, "Use the retry helper for flaky network calls.")).toBe("archived");

  // u undoes the reject, u again the approve before it.
  await inbox.press("u");
  await expect(inbox.items).toHaveCount(2);
  await expect(inbox.toast).toContainText("Undid: reject");
  await inbox.press("u");
  await expect(inbox.items).toHaveCount(3);
  await expect(inbox.navCount).toHaveText("3");
  expect(await memoryStatus(a, "Release notes are written in CHANGELOG.md.")).toBe("suggested");
});

test("the toast's Undo takes back exactly its own action, never one someone else made since", async ({ page, ownApp }) => {
  const a = ownApp.server;
  await login(page, a, "/inbox");
  const inbox = new InboxPage(page, a.url);
  await expect(inbox.items).toHaveCount(3);
  await inbox.item("Release notes").getByTestId("inbox-approve").click();
  await expect(inbox.toast).toContainText("Approved suggestion");
  await expect(inbox.items).toHaveCount(2);

  // Meanwhile the agent rejects another suggestion over the API: the toast's Undo must not take that back.
  const { items } = (await (await a.api("/api/inbox")).json()) as { items: { id: string; type: string; memory?: { content: string } }[] };
  const tabs = items.find((i) => i.memory?.content.startsWith("The parser rejects tabs"))!;
  expect((await a.api("/api/inbox/actions", { method: "POST", json: { items: [{ type: "memory", id: tabs.id, action: "reject" }] } })).status).toBe(200);
  await inbox.undoFromToast();
  await expect(page.getByTestId("inbox-error")).toContainText("later inbox action");
  expect(await memoryStatus(a, "The parser rejects tabs in YAML keys.")).toBe("archived");
  expect(await memoryStatus(a, "Release notes are written in CHANGELOG.md.")).toBe("active");

  // A fresh action's Undo puts the memory back exactly as it was.
  await inbox.item("Use the retry helper").getByTestId("inbox-reject").click();
  await expect(inbox.toast).toContainText("Rejected suggestion");
  expect(await memoryStatus(a, "Use the retry helper for flaky network calls.")).toBe("archived");
  await inbox.undoFromToast();
  await expect(inbox.toast).toContainText("Undid: reject");
  await expect.poll(() => memoryStatus(a, "Use the retry helper for flaky network calls.")).toBe("suggested");
});

test("consolidate from the browser, approve a supersession, edit then approve, bulk reject; the dashboard count", async ({ page, ownApp }) => {
  const a = ownApp.server;
  await login(page, a, "/");
  await expect(page.getByTestId("dashboard-inbox")).toContainText("3 to review");
  await page.goto(`${a.url}/inbox`);
  const inbox = new InboxPage(page, a.url);
  await inbox.consolidateNow();
  await expect(inbox.toast).toContainText("1 new proposal");
  const proposal = inbox.items.and(page.locator('[data-kind="supersede"]'));
  await expect(proposal).toHaveCount(1);
  await expect(proposal).toContainText("Netlify");
  await proposal.getByTestId("inbox-approve").click();
  await expect(inbox.items).toHaveCount(3);
  expect(await memoryStatus(a, "Deploy previews are built with Netlify for every branch.")).toBe("superseded");

  await inbox.edit("The parser rejects tabs", "The YAML parser rejects tabs in keys; use spaces.");
  await expect(inbox.items).toHaveCount(2);
  expect(await memoryStatus(a, "The YAML parser rejects tabs in keys; use spaces.")).toBe("active");

  await inbox.select("Release notes");
  await inbox.select("Use the retry helper");
  await inbox.bulkReject();
  await expect(page.getByTestId("empty-state")).toContainText("Nothing to review");
  await expect(inbox.navCount).toHaveCount(0);
  await inbox.press("u");
  await expect(inbox.items).toHaveCount(2);

  await page.goto(`${a.url}/`);
  await expect(page.getByTestId("dashboard-inbox")).toContainText("2 to review");
});

test("a blocker is resolved and reopened from its page", async ({ page, app }) => {
  const a = app.server;
  const { id } = await createMemory(a, { content: "Blocked on the staging TLS certificate.", category: "blocker", directory: app.data.directory });
  await login(page, a, `/memories/${id}`);
  await page.getByTestId("resolve-blocker").click();
  await expect(page.getByTestId("memory-status")).toHaveText("resolved");
  expect(((await (await a.api(`/api/memories/${id}`)).json()) as { status: string }).status).toBe("resolved");
  await page.getByTestId("unresolve-blocker").click();
  await expect(page.getByTestId("memory-status")).toHaveText("active");
});
