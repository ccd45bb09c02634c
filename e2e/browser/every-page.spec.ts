import { expect } from "@playwright/test";
import type { TestServer } from "../../tests/helpers/server";
import { appTest } from "./fixtures";
import { createMemory, login, seedActivity, shot, tempDir } from "./helpers";

/**
 * Every page of the browser: its content is in the server's HTML (readable with JavaScript off),
 * it fits a 390 px screen without sideways scrolling, it has a title of its own, and a screenshot
 * of it at 1280 and 390 px, light and dark, is saved with the test results.
 */
async function seed(a: TestServer) {
  const projectDir = tempDir("recollect-e2e-pages-");
  const rule = await createMemory(a, {
    content: "Never push directly to main; open a merge request and wait for the pipeline.",
    title: "No direct pushes to main",
    category: "constraint",
    pinned: true,
    directory: projectDir,
  });
  const projectId = ((await (await a.api(`/api/memories/${rule.id}`)).json()) as { projectId: string }).projectId;
  const long = await createMemory(a, {
    title: "Release checklist",
    content: `# Release checklist\n\n1. Bump the version in \`package.json\`.\n2. Run **all** tests.\n3. Tag: \`git tag v1.2.3 && git push --tags\`\n\n${"A long paragraph about the staging environment and its quirks. ".repeat(30)}`,
    category: "convention",
  });
  seedActivity(a.dataDir, projectId);
  return { projectId, ruleId: rule.id, longId: long.id };
}

const test = appTest("every-page", seed);
// Most tests here visit all fourteen pages (a screenshot of each at four sizes and schemes): at load
// 18 on 2 cores one ran out of the 120 s default half-way. The bound is for a hang, as in accessibility.spec.ts.
test.describe.configure({ timeout: 360_000 });

type Data = Awaited<ReturnType<typeof seed>>;
/** Each page with a piece of its data that must be in the server-rendered HTML, and its title. */
const pages = (d: Data): { name: string; path: string; text: string; title: RegExp }[] => [
  { name: "dashboard", path: "/", text: "constraint", title: /^Dashboard/ },
  { name: "memories", path: "/memories", text: "Release checklist", title: /^Memories/ },
  { name: "memory", path: `/memories/${d.ruleId}`, text: "open a merge request", title: /^No direct pushes to main/ },
  { name: "memory-long", path: `/memories/${d.longId}`, text: "Bump the version", title: /^Release checklist/ },
  { name: "new-memory", path: "/memories/new", text: "Content", title: /^New memory/ },
  { name: "constraints", path: `/constraints?project=${d.projectId}`, text: "Never push directly to main", title: /^Constraints/ },
  { name: "checkpoints", path: "/checkpoints", text: "Fix the login redirect", title: /^Checkpoints/ },
  { name: "checkpoint", path: "/checkpoints/cp_e2e_1", text: "Keep SameSite=Lax", title: /^Checkpoint/ },
  { name: "sessions", path: "/sessions", text: "issue #42: login redirect loop", title: /^Sessions/ },
  { name: "session", path: "/sessions/ses_e2e_1", text: "issue #42: login redirect loop", title: /^Session: Fix the login redirect/ },
  { name: "kv", path: "/kv", text: "deploy/last-tag", title: /^KV/ },
  { name: "projects", path: "/projects", text: "Split memories off a project", title: /^Projects/ },
  { name: "settings", path: "/settings", text: "stableBudgetTokens", title: /^Settings/ },
  { name: "export", path: "/export", text: "Import", title: /^Export/ },
];

test("every page's content is in the server's HTML, without JavaScript", async ({ browser, app }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await login(page, app.server);
    for (const p of pages(app.data)) {
      const res = await page.goto(app.server.url + p.path);
      expect(res?.status(), p.path).toBe(200);
      await expect(page.locator("main"), p.path).toContainText(p.text);
      await expect(page.getByTestId("loading"), p.path).toHaveCount(0);
    }
  } finally {
    await context.close();
  }
});

test("every page has a title of its own", async ({ page, app }) => {
  await login(page, app.server);
  const titles = new Set<string>();
  for (const p of pages(app.data)) {
    await page.goto(app.server.url + p.path);
    await expect(page, p.path).toHaveTitle(p.title);
    titles.add(await page.title());
  }
  expect(titles.size).toBe(pages(app.data).length);
});

test("an unknown memory or session is a real 404 page", async ({ page, app }) => {
  await login(page, app.server);
  for (const path of ["/memories/mem_does_not_exist", "/sessions/ses_does_not_exist"]) {
    const res = await page.goto(app.server.url + path);
    expect(res?.status(), path).toBe(404);
    await expect(page.locator("main")).toContainText("not found", { ignoreCase: true });
  }
});

test("the favicon is served", async ({ app }) => {
  const res = await fetch(`${app.server.url}/icon.svg`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("image/svg+xml");
});

for (const width of [1280, 390]) {
  for (const scheme of ["light", "dark"] as const) {
    test(`every page at ${width} px, ${scheme}: no sideways scrolling, screenshot saved`, async ({ browser, app }, info) => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
      const page = await context.newPage();
      try {
        await login(page, app.server);
        const wide: string[] = [];
        for (const p of pages(app.data)) {
          await page.goto(app.server.url + p.path);
          await expect(page.locator("main")).toContainText(p.text);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          if (overflow > 0) wide.push(`${p.path} (+${overflow}px)`);
          await shot(page, info, `${p.name}-${width}-${scheme}`);
        }
        expect(wide, "pages wider than the screen").toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
}
