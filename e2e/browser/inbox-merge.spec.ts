import { expect } from "@playwright/test";
import type { TestServer } from "../../tests/helpers/server";
import { appTest } from "./fixtures";
import { createMemory, login, tempDir } from "./helpers";
import { InboxPage } from "./pages/inbox-page";

/**
 * Issue #38: approving a merge never saves broken text. Two memories that say the same thing, with
 * a code span holding a dot (`.env`), a URL and a version number: the merge is proposed, shown
 * with both keeper choices told apart, approved in the browser, and the text saved on the kept
 * memory is read back through the API: whole sentences of the two memories, nothing cut inside
 * `.env`, the URL or the version.
 */
const OLDER = "Never commit the `.env` file; it holds the Stripe keys and the database URL. The setup guide is https://docs.example.com/setup.html (v2.3.1).";
const NEWER =
  "Never commit the `.env` file: it holds the Stripe keys and the database URL for local development. Setup guide for v2.3.1 of the CLI: https://docs.example.com/setup.html.";

async function seed(a: TestServer) {
  const directory = tempDir("recollect-e2e-merge-");
  // The exact-duplicate check on write would fold them: the second is stored as another memory by its different words.
  const older = await createMemory(a, { content: OLDER, category: "directive", directory });
  const newer = await createMemory(a, { content: NEWER, category: "directive", directory });
  return { directory, older: older.id, newer: newer.id };
}

const test = appTest("inbox-merge", seed);

test("approving a merge of memories with `.env`, a URL and a version saves whole sentences (checked through the API)", async ({ page, ownApp }) => {
  const a = ownApp.server;
  await login(page, a, "/inbox");
  const inbox = new InboxPage(page, a.url);
  await inbox.consolidateNow();
  await expect(inbox.toast).toContainText("new proposal");
  const merge = inbox.items.and(page.locator('[data-kind="merge"]'));
  await expect(merge).toHaveCount(1);
  await expect(merge.getByTestId("inbox-project")).not.toHaveText("global");

  // The suggested wording is one memory's text whole (the newer says all the older does).
  await expect(merge.getByTestId("inbox-suggestion")).toHaveText(NEWER);

  // Both keeper choices, told apart by the words only each has.
  await merge.getByTestId("inbox-edit-start").click();
  const keepers = merge.getByTestId("inbox-keeper");
  await expect(keepers).toHaveCount(2);
  await expect(
    keepers
      .filter({ hasText: "local development" })
      .locator("mark")
      .filter({ hasText: /^local$/ }),
  ).toHaveCount(1);
  await expect(keepers.filter({ hasText: "The setup guide is" }).locator("mark").filter({ hasText: /^is$/ })).toHaveCount(1);
  await merge.getByTestId("inbox-approve").click();
  await expect(inbox.toast).toContainText("Approved merge");
  await expect(merge).toHaveCount(0);

  const { items } = (await (await a.api("/api/memories?status=all&limit=100")).json()) as {
    items: { id: string; content: string; status: string }[];
  };
  const active = items.filter((m) => m.status === "active" && (m.id === ownApp.data.older || m.id === ownApp.data.newer));
  expect(active).toHaveLength(1);
  const saved = active[0]!.content;
  expect(saved).toBe(NEWER);
  expect(saved).toContain("`.env`");
  expect(saved).toContain("https://docs.example.com/setup.html");
  expect(saved).toContain("v2.3.1");
  expect(saved).not.toMatch(/(^|\s)env`/);
  const archived = items.find((m) => m.status === "archived" && (m.id === ownApp.data.older || m.id === ownApp.data.newer));
  expect(archived?.content).toBe(OLDER);
});
