import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import type { TestServer } from "../../tests/helpers/server";
import { createMemory, login, server } from "./helpers";

/**
 * A page served from another port of 127.0.0.1 (same site as Recollect, different origin), opened
 * in a browser that is signed in to Recollect: with every kind of request a page can make without
 * the token (fetch with and without credentials, cors and no-cors, text/plain and JSON, forms, a
 * frame), it can neither read nor change anything. What changed is checked over the API with the
 * token afterwards.
 */

let app: TestServer;
let attacker: http.Server;
let attackerUrl = "";
let baitId = "";

const ATTACK_MARK = "csrf-attempt";

function attackPage(target: string, bait: string): string {
  const script = `
const app = ${JSON.stringify(target)};
const bait = ${JSON.stringify(bait)};
const mark = ${JSON.stringify(ATTACK_MARK)};
const results = {};
async function attempt(name, run) {
  try { results[name] = await run(); } catch (e) { results[name] = "error: " + e.message; }
}
const memory = (how) => JSON.stringify({ content: mark + " " + how, category: "fact" });
(async () => {
  await attempt("read-cors", async () => { const r = await fetch(app + "/api/memories?status=all", { credentials: "include" }); return "read " + r.status + " " + (await r.text()); });
  await attempt("read-no-cors", async () => { const r = await fetch(app + "/api/memories?status=all", { credentials: "include", mode: "no-cors" }); return "opaque " + r.type + " " + (await r.text()); });
  await attempt("write-no-cors-text", async () => (await fetch(app + "/api/memories", { method: "POST", mode: "no-cors", credentials: "include", headers: { "content-type": "text/plain" }, body: memory("no-cors text/plain") })).type);
  await attempt("write-no-cors-json", async () => (await fetch(app + "/api/memories", { method: "POST", mode: "no-cors", credentials: "include", headers: { "content-type": "application/json" }, body: memory("no-cors json") })).type);
  await attempt("write-cors-text", async () => (await fetch(app + "/api/memories", { method: "POST", credentials: "include", headers: { "content-type": "text/plain" }, body: memory("cors text/plain") })).status);
  await attempt("write-cors-json", async () => (await fetch(app + "/api/memories", { method: "POST", credentials: "include", headers: { "content-type": "application/json" }, body: memory("cors json") })).status);
  await attempt("write-omit-credentials", async () => (await fetch(app + "/api/memories", { method: "POST", mode: "no-cors", credentials: "omit", headers: { "content-type": "text/plain" }, body: memory("no credentials") })).type);
  await attempt("cleanup-no-cors", async () => (await fetch(app + "/api/maintenance/cleanup", { method: "POST", mode: "no-cors", credentials: "include", headers: { "content-type": "text/plain" }, body: JSON.stringify({ ids: [bait], includePinned: true, action: "delete" }) })).type);
  await attempt("delete-cors", async () => (await fetch(app + "/api/memories/" + bait, { method: "DELETE", credentials: "include" })).status);
  window.__results = results;
})();`;
  return `<!doctype html>
<html><head><title>not Recollect</title></head>
<body>
<form id="text-form" method="POST" action="${target}/api/memories" enctype="text/plain" target="sink-text">
  <input name='{"content":"${ATTACK_MARK} form text/plain","category":"fact","pad":"' value='"}'>
</form>
<form id="urlencoded-form" method="POST" action="${target}/api/memories" target="sink-urlencoded">
  <input name="content" value="${ATTACK_MARK} form urlencoded">
</form>
<iframe name="sink-text"></iframe>
<iframe name="sink-urlencoded"></iframe>
<iframe id="framed" src="${target}/"></iframe>
<script>${script}</script>
</body></html>`;
}

test.beforeAll(async () => {
  test.setTimeout(600_000);
  app = await server();
  baitId = (await createMemory(app, { content: "The bait memory: a forged request would delete or change it.", category: "fact" })).id;
  attacker = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(attackPage(app.url, baitId));
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
});

test.afterAll(async () => {
  await new Promise((resolve) => attacker?.close(resolve));
  await app?.stop();
});

test("a page on another loopback port can neither read nor write, with or without no-cors, forms or credentials", async ({ page }) => {
  await login(page, app);
  // The browser really holds a session: the same request from Recollect's own page would work.
  const cookies = await page.context().cookies(app.url);
  expect(cookies.map((c) => c.name)).toContain("recollect_session");

  const framed = page.waitForResponse((r) => r.url() === `${app.url}/` && r.request().frame().parentFrame() !== null);
  await page.goto(attackerUrl);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __results?: unknown }).__results), { timeout: 30_000 }).toBeTruthy();
  const results = (await page.evaluate(() => (window as unknown as { __results: Record<string, string | number> }).__results)) as Record<
    string,
    string | number
  >;

  // Reading: a CORS read fails, a no-cors read is opaque (empty).
  expect.soft(String(results["read-cors"])).toMatch(/^error/);
  expect.soft(results["read-no-cors"]).toBe("opaque opaque ");

  // Forms: both are submitted (the responses are seen), and both are refused.
  for (const form of ["text-form", "urlencoded-form"]) {
    const answered = page.waitForResponse(
      (r) =>
        r.url() === `${app.url}/api/memories` &&
        r.request().method() === "POST" &&
        (r.request().postData() ?? "").includes(ATTACK_MARK) &&
        (r.request().postData() ?? "").includes(form === "text-form" ? "text/plain" : "urlencoded"),
    );
    await page.evaluate((id) => (document.getElementById(id) as HTMLFormElement).submit(), form);
    expect.soft((await answered).status(), form).toBeGreaterThanOrEqual(400);
  }

  // The framed app is not shown: frame-ancestors 'none' / X-Frame-Options DENY.
  const frameResponse = await framed;
  expect.soft(frameResponse.headers()["content-security-policy"] ?? "").toContain("frame-ancestors 'none'");
  const frame = frameResponse.frame();
  await expect.soft.poll(() => frame.url(), { timeout: 30_000 }).not.toBe(`${app.url}/`);
  await expect.soft(page.frameLocator("#framed").getByTestId("dashboard")).toHaveCount(0);

  // Over the API with the token: nothing was created, the bait is untouched.
  const all = (await (await app.api("/api/memories?status=all&limit=100")).json()) as { items: { id: string; content: string; status: string }[] };
  expect.soft(all.items.filter((m) => m.content.includes(ATTACK_MARK))).toEqual([]);
  expect.soft(all.items.map((m) => [m.id, m.status])).toEqual([[baitId, "active"]]);
});
