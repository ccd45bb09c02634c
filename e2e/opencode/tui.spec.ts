import { expect, test } from "@playwright/test";
import { ensureBuild } from "../../scripts/build-if-needed";
import { startServer, type TestServer } from "../../tests/helpers/server";
import { startFakeLlm, type FakeLlm } from "./helpers/fake-llm";
import { startTui, type OpencodeTui } from "./helpers/tui";

/**
 * The TUI plugin in the real OpenCode TUI on a pseudo-terminal (tmux): the sidebar shows the
 * figures of a seeded store and its running loop, a new checkpoint brings a toast, the palette's search dialog finds a memory and puts it into the
 * prompt, and with the server stopped the TUI goes on without the section and without an error.
 */

let server: TestServer | undefined;
let llm: FakeLlm;
let tui: OpencodeTui | undefined;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  if (!process.env.RECOLLECT_SKIP_BUILD) ensureBuild();
  [server, llm] = await Promise.all([startServer(), startFakeLlm(() => ({ text: "ok from fake" }))]);
});

test.afterAll(async () => {
  tui?.stop();
  await server?.stop();
  await llm?.close();
});

test.afterEach(async ({}, info) => {
  if (info.status !== info.expectedStatus && tui) console.log(`screen at failure:\n${tui.screen()}`);
});

const screenOf = () => tui!.screen();
/** Waits for the screen to show (or stop showing) a text; the TUI renders asynchronously. */
const shows = (text: string | RegExp, timeout = 60_000) => expect.poll(screenOf, { timeout, intervals: [250, 500, 1000] }).toMatch(text);
const showsNot = (text: string | RegExp, timeout = 60_000) => expect.poll(screenOf, { timeout, intervals: [250, 500, 1000] }).not.toMatch(text);

test("the sidebar shows the seeded figures and running loop, a new checkpoint brings a toast, the palette search inserts a memory, and the TUI outlives the server", async () => {
  test.setTimeout(300_000);
  const s = server!;
  // The seeded loop below has no driver: this OpenCode must not adopt it (it would run and end it).
  tui = startTui({ llmUrl: llm.url, pluginOptions: { url: s.url, dataDir: s.dataDir, autoStart: false, loops: { adoptPollMs: 0 } } });
  const directory = tui.projectDir;
  const post = (p: string, json: unknown) => s.api(p, { method: "POST", json });
  await post("/api/memories", { content: "Never log session tokens", category: "constraint", pinned: true, directory });
  const fact = await (
    await post("/api/memories", { content: "The billing service uses Stripe webhooks with idempotency keys", category: "fact", directory })
  ).json();
  await post("/api/memories", { content: "Maybe retries are too aggressive", status: "suggested", directory });
  const messages = [{ info: { id: "m1", role: "user" }, parts: [{ type: "text", text: "Set up the billing webhooks" }] }];
  expect((await post("/api/checkpoints", { directory, sessionID: "ses_seed", trigger: "manual", suggest: false, messages })).status).toBe(201);
  // A running loop, as its driver reports it: in its second iteration's audit.
  const loop = await (await post("/api/loops", { directory, task: "Tighten the webhook parser", maxIterations: 6 })).json();
  expect((await s.api(`/api/loops/${loop.id}`, { method: "PATCH", json: { iteration: 2, phase: "audit" } })).status).toBe(200);

  await shows(/ctrl\+p commands/);
  await showsNot(/Finishing startup/);
  tui.keys(["hello there"], true);
  tui.keys(["Enter"]);
  await shows(/ok from fake/);

  // The sidebar's section, from one summary request.
  await shows(/Recollect/);
  await shows(/memories\s+2\b/);
  await shows(/pinned\s+1 \(\d+ tok\)/);
  await shows(/checkpoint\s+\d+[smh] ago/);
  await shows(/inbox\s+1\b/);
  await shows(/search\s+(lexical|hybrid)/);
  await shows(/saved\s+\d+ tok/);
  // The running loop: the count, then the loop itself (slug, phase, iteration).
  await shows(/loops\s+1 running/);
  await shows(new RegExp(`${loop.slug.slice(0, 20)}\\s+audit 2/6`));

  // The turn's idle checkpoint comes first (the plugin stores one when the session goes idle); a
  // slow machine may store it late, and a toast for it would hide the one this test looks for.
  await expect
    .poll(
      async () => {
        const list = await (await s.api(`/api/checkpoints?directory=${encodeURIComponent(directory)}`)).json();
        return list.items.some((c: { trigger: string }) => c.trigger === "idle");
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  // A checkpoint stored meanwhile (as /checkpoint or a compaction does): a toast says so.
  const cp = await (
    await post("/api/checkpoints", { directory, sessionID: "ses_seed", trigger: "manual", suggest: false, messages: [...messages, ...messages] })
  ).json();
  // The toast wraps its text ("Recollect: checkpoint <id> stored") at a space: its parts, at once.
  await expect
    .poll(() => screenOf().includes("Recollect: checkpoint") && screenOf().includes(cp.id.slice(-12)), { timeout: 60_000, intervals: [250] })
    .toBe(true);

  // The palette entry opens the search dialog; results follow the typing; Enter inserts the memory.
  tui.keys(["C-p"]);
  await shows(/Commands/);
  tui.keys(["Recollect: search"], true);
  await shows(/Recollect: search memories/);
  tui.keys(["Enter"]);
  await shows(/Search memories/);
  tui.keys(["Stripe webhooks"], true);
  await shows(/billing service uses Stripe webhooks/);
  tui.keys(["Enter"]);
  await shows(new RegExp(`\\[memory ${fact.id}`));

  // The server goes away: the section disappears, a toast says so once, the TUI keeps working.
  await s.stop();
  server = undefined;
  await shows(/Recollect server unreachable/);
  await showsNot(/memories\s+2\b/);
  tui.keys(["C-u"]);
  tui.keys(["second question"], true);
  tui.keys(["Enter"]);
  await expect.poll(() => screenOf().match(/ok from fake/g)?.length ?? 0, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
  expect(tui.alive()).toBe(true);
  expect(screenOf()).not.toMatch(/TypeError|Unhandled|stack trace/i);
});
