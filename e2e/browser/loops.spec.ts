import { expect } from "@playwright/test";
import type { TestServer } from "../../tests/helpers/server";
import { appTest } from "./fixtures";
import { confirmWithToken, login, tempDir } from "./helpers";

/**
 * The Loops page in Chromium against a really started server: a loop the driver reported on (a
 * coder and an auditor phase, an open finding in KV) shows its state, phases with session links
 * and the finding; the page follows a state change by itself; Cancel loop cancels it; Restart
 * loop runs it again with a raised iteration limit.
 */
async function seed(s: TestServer) {
  const directory = tempDir("recollect-e2e-loops-");
  const created = await s.api("/api/loops", { method: "POST", json: { directory, task: "Tighten the parser\nwith details", maxIterations: 4 } });
  const loop = await created.json();
  const report = (json: unknown) => s.api(`/api/loops/${loop.id}`, { method: "PATCH", json });
  await report({
    iteration: 1,
    phase: "code",
    phaseReport: {
      iteration: 1,
      kind: "code",
      sessionId: "ses_coder1",
      status: "done",
      commit: "abcdef1234",
      tokensInput: 1200,
      tokensOutput: 300,
      cost: 0.0123,
    },
  });
  await report({
    phase: "audit",
    auditsDone: 1,
    findingsOpen: 1,
    phaseReport: { iteration: 1, kind: "audit", sessionId: "ses_audit1", status: "done", findings: 1 },
  });
  await s.api(`/api/kv/${encodeURIComponent("review-finding:src/parser.ts:42")}`, {
    method: "PUT",
    json: { directory, value: { severity: "major", description: "unchecked index", status: "open" } },
  });
  return { loop, report };
}

const test = appTest("loops", seed);

test("a running loop: status, phases with session links, the open finding; live updates; cancel; restart with a new limit", async ({ page, app }) => {
  const { loop, report } = app.data as Awaited<ReturnType<typeof seed>>;
  await login(page, app.server, "/loops");
  const item = page.getByTestId("loop-item").filter({ hasText: loop.id });
  await expect(item.getByTestId("loop-status")).toHaveText("running");
  await expect(item).toContainText("Tighten the parser");
  await expect(item).toContainText("iteration 1 / 4");
  await expect(item).toContainText("findings 1 open, 0 resolved");
  await expect(item).toContainText("tokens 1,200 in / 300 out · $0.0123");
  await expect(item).toContainText(`recollect/loop-${loop.slug}`);
  const phases = item.getByTestId("loop-phase");
  await expect(phases).toHaveCount(2);
  await expect(phases.first().getByRole("link", { name: "ses_coder1" })).toHaveAttribute("href", "/sessions?all=1#ses_coder1");
  await expect(phases.first()).toContainText("abcdef12");
  await expect(item.getByTestId("loop-finding")).toContainText("src/parser.ts:42 unchecked index");

  // The driver reports the next phase: the page shows it without a reload.
  await report({ iteration: 2, phase: "code", phaseReport: { iteration: 2, kind: "code", sessionId: "ses_coder2" } });
  await expect(phases).toHaveCount(3);
  await expect(item).toContainText("iteration 2 / 4");

  // Cancel asks first: dismissing the question leaves the loop running.
  await item.getByTestId("loop-cancel").click();
  const confirmCancel = page.getByTestId("confirm-dialog");
  await expect(confirmCancel).toContainText("Cancel this loop?");
  await confirmCancel.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(item.getByTestId("loop-status")).toHaveText("running");
  await item.getByTestId("loop-cancel").click();
  await confirmCancel.getByTestId("confirm-button").click();
  await expect(item.getByTestId("loop-status")).toHaveText("cancelled");
  await expect(item.getByTestId("loop-cancel")).toHaveCount(0);
  const after = await (await app.server.api(`/api/loops/${loop.id}`)).json();
  expect(after.status).toBe("cancelled");
  expect(after.phases.at(-1).status).toBe("cancelled");

  // Restart from the page with a raised iteration limit.
  await expect(item.getByTestId("loop-max-iterations")).toHaveValue("4");
  await item.getByTestId("loop-max-iterations").fill("9");
  await item.getByTestId("loop-restart").click();
  // A restart runs code: the cookie alone may not; a wrong token is refused in the modal, the right one goes.
  const dialog = page.getByTestId("reauth-dialog");
  await dialog.getByTestId("reauth-token").fill("not the token");
  await dialog.getByTestId("reauth-confirm").click();
  await expect(dialog.getByTestId("reauth-error")).toContainText("not this server's API token");
  await confirmWithToken(page, app.server.token);
  await expect(item.getByTestId("loop-status")).toHaveText("running");
  await expect(item).toContainText("iteration 2 / 9");
  await expect(item.getByTestId("loop-restart")).toHaveCount(0);
  expect(await (await app.server.api(`/api/loops/${loop.id}`)).json()).toMatchObject({ status: "running", maxIterations: 9 });
});
