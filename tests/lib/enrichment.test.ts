import { execFileSync } from "node:child_process";
import { createMemoryInput } from "../../lib/contracts/memories";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { cachedTrackerItem, enrichEntity, enrichInBackground, enrichmentProblems, resetEnrichmentState } from "../../lib/enrichment";
import { fetchTrackerItem } from "../../lib/enrichment/fetch";
import { parseRemote, trackerRefOf } from "../../lib/enrichment/refs";
import { storeMemory } from "../../lib/memories";
import { testCtx } from "../helpers/ctx";
import { freePort, tempDir } from "../helpers/server";

/** A fake tracker API on loopback: answers from `routes`, records every request. */
interface Fake {
  url: string;
  port: number;
  hits: { path: string; headers: http.IncomingHttpHeaders }[];
  routes: Map<string, () => { status: number; body?: unknown; headers?: Record<string, string> }>;
  close: () => Promise<void>;
}

async function fakeApi(): Promise<Fake> {
  const fake = { hits: [], routes: new Map() } as unknown as Fake;
  const server = http.createServer((req, res) => {
    fake.hits.push({ path: req.url ?? "", headers: req.headers });
    const answer = fake.routes.get(req.url ?? "")?.() ?? { status: 404, body: { message: "Not Found" } };
    res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
    res.end(JSON.stringify(answer.body ?? {}));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  fake.port = (server.address() as AddressInfo).port;
  fake.url = `http://127.0.0.1:${fake.port}`;
  fake.close = () => new Promise((r) => server.close(() => r()));
  return fake;
}

function gitProject(remote: string): string {
  const dir = tempDir("recollect-enrich-proj-");
  execFileSync("git", ["init", "-q"], { cwd: dir });
  execFileSync("git", ["remote", "add", "origin", remote], { cwd: dir });
  return dir;
}

let github: Fake;
let gitlab: Fake;
beforeAll(async () => {
  github = await fakeApi();
  gitlab = await fakeApi();
});
afterAll(async () => {
  await github.close();
  await gitlab.close();
});
afterEach(() => {
  // Tracker pauses and refused tokens live in each test's own ctx.services: nothing to reset.
  github.hits.length = 0;
  gitlab.hits.length = 0;
  github.routes.clear();
  gitlab.routes.clear();
});

const HOUR = 3600_000;
const ctxFor = (extra: Record<string, string> = {}) =>
  testCtx({
    env: {
      RECOLLECT_ENRICHMENT_GITHUB_API_URL: `${github.url}/api/v3`,
      RECOLLECT_ENRICHMENT_GITLAB_URL: gitlab.url,
      RECOLLECT_ENRICHMENT_TTL_SECONDS: "3600",
      RECOLLECT_EMBEDDING_PROVIDER: "none",
      ...extra,
    },
  });
const env = { GITHUB_TOKEN: "gh-token", GITLAB_TOKEN: "gl-token" };

describe("tracker refs", () => {
  const t = { enabled: true, githubApiUrl: "https://api.github.com", gitlabUrl: "https://gitlab.example.com", ttlSeconds: 1, timeoutMs: 1000 };
  it("parses remotes and resolves short refs to the origin's project, URLs to theirs", () => {
    expect(parseRemote("git@github.com:acme/app.git")).toEqual({ host: "github.com", path: "acme/app" });
    expect(parseRemote("ssh://git@gitlab.example.com:2222/grp/sub/app.git")).toEqual({ host: "gitlab.example.com", path: "grp/sub/app" });
    const gl = parseRemote("https://gitlab.example.com/grp/sub/app.git");
    expect(trackerRefOf({ kind: "issue", value: "#4" }, gl, t)?.key).toBe("gitlab:grp/sub/app#4");
    expect(trackerRefOf({ kind: "mr", value: "!5" }, gl, t)?.key).toBe("gitlab:grp/sub/app!5");
    expect(trackerRefOf({ kind: "epic", value: "&6" }, gl, t)?.key).toBe("gitlab:grp/sub&6");
    expect(trackerRefOf({ kind: "issue", value: "other/repo#9" }, null, t)?.key).toBe("github:other/repo#9");
    expect(trackerRefOf({ kind: "url", value: "https://github.com/a/b/pull/3" }, null, t)?.key).toBe("github:a/b!3");
    expect(trackerRefOf({ kind: "url", value: "https://gitlab.example.com/grp/app/-/merge_requests/8" }, null, t)?.key).toBe("gitlab:grp/app!8");
    expect(trackerRefOf({ kind: "issue", value: "#4" }, null, t)).toBeNull();
    expect(trackerRefOf({ kind: "url", value: "https://example.org/x/-/issues/1" }, null, t)).toBeNull();
  });
});

describe("enrichment against fake GitHub and GitLab APIs", () => {
  it("GitHub: background pass fetches new entities, caches them, refreshes after the TTL", async () => {
    const ctx = ctxFor();
    const dir = gitProject(`${github.url}/acme/app.git`);
    let title = "Login fails on Safari";
    github.routes.set("/api/v3/repos/acme/app/issues/12", () => ({
      status: 200,
      body: {
        title,
        state: "open",
        labels: [{ name: "bug" }],
        assignees: [{ login: "ada" }],
        milestone: { title: "v2" },
        updated_at: "2026-11-01T10:00:00Z",
        html_url: "x",
      },
    }));
    github.routes.set("/api/v3/repos/acme/app/pulls/3", () => ({
      status: 200,
      body: { title: "Fix Safari", state: "closed", merged_at: "2026-11-02T00:00:00Z", labels: [], assignees: [] },
    }));
    await storeMemory(ctx, createMemoryInput.parse({ directory: dir, content: "Safari login bug is #12, fixed by !3", category: "gotcha" }));

    const t0 = Date.now();
    expect(await enrichInBackground(ctx, t0, env)).toBe(2);
    expect(cachedTrackerItem(ctx, "github:acme/app#12")?.item).toMatchObject({ title, state: "open", labels: ["bug"], assignees: ["ada"], milestone: "v2" });
    expect(cachedTrackerItem(ctx, "github:acme/app!3")?.item?.state).toBe("merged");
    expect(github.hits[0].headers.authorization).toBe("Bearer gh-token");

    expect(await enrichInBackground(ctx, t0 + HOUR / 2, env)).toBe(0);
    expect(github.hits).toHaveLength(2);

    title = "Login fails on Safari 17";
    expect(await enrichInBackground(ctx, t0 + HOUR + 1000, env)).toBe(2);
    expect(cachedTrackerItem(ctx, "github:acme/app#12")?.item?.title).toBe(title);
    ctx.close();
  });

  it("GitLab: issues, merge requests, epics and URLs with PRIVATE-TOKEN; on demand via enrichEntity", async () => {
    const ctx = ctxFor();
    const dir = gitProject(`${gitlab.url}/grp/app.git`);
    const item = (title: string, state: string) => () => ({
      status: 200,
      body: { title, state, labels: ["infra"], assignees: [{ username: "bo" }], milestone: null, updated_at: "2026-10-01T00:00:00Z" },
    });
    gitlab.routes.set("/api/v4/projects/grp%2Fapp/issues/4", item("Disk full on runners", "opened"));
    gitlab.routes.set("/api/v4/projects/grp%2Fapp/merge_requests/5", item("Bigger disks", "merged"));
    gitlab.routes.set("/api/v4/groups/grp/epics/6", item("Runner fleet", "opened"));
    gitlab.routes.set("/api/v4/projects/grp%2Fother/issues/7", item("Other project issue", "closed"));
    await storeMemory(
      ctx,
      createMemoryInput.parse({ directory: dir, content: `Runners: #4 and !5 under &6, related ${gitlab.url}/grp/other/-/issues/7`, category: "fact" }),
    );

    expect(await enrichInBackground(ctx, Date.now(), env)).toBe(4);
    expect(gitlab.hits.every((h) => h.headers["private-token"] === "gl-token")).toBe(true);
    expect(cachedTrackerItem(ctx, "gitlab:grp/app!5")?.item).toMatchObject({ state: "merged", assignees: ["bo"] });
    expect(cachedTrackerItem(ctx, "gitlab:grp&6")?.item?.title).toBe("Runner fleet");
    expect(cachedTrackerItem(ctx, "gitlab:grp/other#7")?.item?.state).toBe("closed");

    const onDemand = await enrichEntity(ctx, "#4", dir, { env });
    expect(onDemand).toMatchObject({ status: "fresh", ref: "gitlab:grp/app#4" });
    const forced = await enrichEntity(ctx, "#4", dir, { force: true, env });
    expect(forced.status).toBe("fetched");
    expect(gitlab.hits).toHaveLength(5);
    ctx.close();
  });

  it("a 429 with Retry-After pauses the tracker until then", async () => {
    const ctx = ctxFor();
    const dir = gitProject(`${github.url}/acme/rl.git`);
    let limited = true;
    github.routes.set("/api/v3/repos/acme/rl/issues/1", () =>
      limited ? { status: 429, headers: { "retry-after": "120" }, body: { message: "slow down" } } : { status: 200, body: { title: "ok now", state: "open" } },
    );
    await storeMemory(ctx, createMemoryInput.parse({ directory: dir, content: "Tracking #1", category: "fact" }));
    const t0 = Date.now();
    expect(await enrichInBackground(ctx, t0, env)).toBe(0);
    expect(github.hits).toHaveLength(1);
    expect(enrichmentProblems(ctx, t0 + 1000).join()).toContain("paused until");

    limited = false;
    expect(await enrichInBackground(ctx, t0 + 60_000, env)).toBe(0);
    expect((await enrichEntity(ctx, "#1", dir, { now: t0 + 90_000, env })).status).toBe("rate_limited");
    expect(github.hits).toHaveLength(1);

    expect(await enrichInBackground(ctx, t0 + 121_000, env)).toBe(1);
    expect(github.hits).toHaveLength(2);
    expect(cachedTrackerItem(ctx, "github:acme/rl#1")?.item?.title).toBe("ok now");
    ctx.close();
  });

  it("a 401 is reported once and not retried, however many passes run", async () => {
    const ctx = ctxFor();
    const dir = gitProject(`${github.url}/acme/auth.git`);
    github.routes.set("/api/v3/repos/acme/auth/issues/2", () => ({ status: 401, body: { message: "Bad credentials" } }));
    github.routes.set("/api/v3/repos/acme/auth/issues/3", () => ({ status: 401, body: { message: "Bad credentials" } }));
    await storeMemory(ctx, createMemoryInput.parse({ directory: dir, content: "See #2 and #3", category: "fact" }));
    const t0 = Date.now();
    for (let pass = 0; pass < 5; pass++) await enrichInBackground(ctx, t0 + pass * 2 * HOUR, env);
    const out = await enrichEntity(ctx, "#2", dir, { now: t0 + 20 * HOUR, force: true, env });
    expect(out.status).toBe("unauthorized");
    expect(github.hits).toHaveLength(1);
    expect(enrichmentProblems(ctx)).toEqual([expect.stringContaining("401")]);
    expect(enrichmentProblems(ctx)[0]).toContain("GITHUB_TOKEN");
    ctx.close();
  });

  it("offline (nothing listening) and without a token: silent, nothing thrown, nothing reported", async () => {
    const port = await freePort();
    const ctx = ctxFor({ RECOLLECT_ENRICHMENT_GITHUB_API_URL: `http://127.0.0.1:${port}/api/v3` });
    const dir = gitProject(`http://127.0.0.1:${port}/acme/off.git`);
    await storeMemory(ctx, createMemoryInput.parse({ directory: dir, content: "Offline #8", category: "fact" }));
    expect(await enrichInBackground(ctx, Date.now(), env)).toBe(0);
    expect((await enrichEntity(ctx, "#8", dir, { env })).status).toBe("unreachable");
    expect(enrichmentProblems(ctx)).toEqual([]);
    resetEnrichmentState(ctx);
    expect(await enrichInBackground(ctx, Date.now(), {})).toBe(0);
    expect((await enrichEntity(ctx, "#8", dir, { env: {} })).status).toBe("no_token");
    expect(cachedTrackerItem(ctx, "github:acme/off#8")).toBeNull();
    ctx.close();
  });
});

describe("the tracker token and redirects", () => {
  const ref = { tracker: "gitlab" as const, project: "grp/app", kind: "issue" as const, number: 9, key: "gitlab:grp/app#9" };
  const settings = () => ({ gitlabUrl: gitlab.url, githubApiUrl: github.url, timeoutMs: 5000 }) as never;
  const found = { status: 200, body: { title: "Moved", state: "opened", labels: [], assignees: [], milestone: null, updated_at: "2026-10-01T00:00:00Z" } };

  it("follows a redirect on the tracker's own origin, and never carries the token to another one", async () => {
    gitlab.routes.set("/api/v4/projects/grp%2Fapp/issues/9", () => ({ status: 301, headers: { location: "/api/v4/projects/grp%2Fnew/issues/9" } }));
    gitlab.routes.set("/api/v4/projects/grp%2Fnew/issues/9", () => found);
    expect(await fetchTrackerItem(ref, settings(), "gl-token")).toMatchObject({ kind: "ok", item: { title: "Moved" } });

    gitlab.routes.set("/api/v4/projects/grp%2Fapp/issues/9", () => ({ status: 302, headers: { location: `${github.url}/steal` } }));
    github.routes.set("/steal", () => found);
    expect(await fetchTrackerItem(ref, settings(), "gl-token")).toMatchObject({ kind: "unreachable" });
    expect(github.hits).toEqual([]);
  });
});
