import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ensureBuild } from "../../scripts/build-if-needed";
import { lastUserText, startFakeLlm, systemTexts, textOf, type ChatRequest, type FakeLlm } from "./helpers/fake-llm";
import { freePort, newSession, prompt, ROOT, startOpencode, tempDir, type Opencode } from "./helpers/opencode";

/**
 * The install path of a new user, end to end: `npm pack` this repository, install the tarball into
 * a temporary prefix, `recollect start` from the installed bin (data dir in a temporary HOME),
 * the browser signs in, `recollect install-plugin` writes the user's OpenCode config, and the real
 * OpenCode client loads the plugin from the installed package: a turn reaches the fake LLM with
 * Recollect's block and tools, and the LLM stores a memory through them.
 *
 * Everything the user runs comes from the tarball (the file list, the bin, the shipped `.next`
 * build, the plugin entry, the dependencies' versions) with one shortcut, so that the test takes
 * about a minute instead of seven: the dependencies come from npm's cache when they are there
 * (`--prefer-offline`), and install scripts are skipped (`--ignore-scripts`). The only one that
 * matters is better-sqlite3's, which compiles its addon from source here (its prebuilt download
 * is unreachable); the addon this repository already built is copied in instead, and only when it
 * is the same better-sqlite3 version and loads in this very Node (same ABI). Otherwise the addon
 * is compiled for real (`npm rebuild better-sqlite3`, minutes).
 */

let llm: FakeLlm | undefined;
let oc: Opencode | undefined;
let work: string | undefined;
let home: string | undefined;
let bin: string | undefined;

/** A clean environment: nothing of the developer's RECOLLECT_* or XDG_* settings leaks in. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {};
  // npm_config_* stays (the cache, nodedir); what `npm run` sets for its own package goes.
  for (const [k, v] of Object.entries(process.env)) if (!/^(RECOLLECT_|XDG_|npm_(?!config_)|NODE_OPTIONS$)/.test(k)) env[k] = v;
  // The installed bin runs `#!/usr/bin/env node`: this Node first on PATH (the addon's ABI is checked against it).
  env.PATH = `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? "/usr/bin:/bin"}`;
  return { ...env, NEXT_TELEMETRY_DISABLED: "1", ...extra } as unknown as NodeJS.ProcessEnv;
}

/**
 * The installed prefix is about 1 GB of small files: deleting it from a busy disk took 2.5 minutes
 * here, from tmpfs seconds. /dev/shm when it is an executable tmpfs with room, else the temp dir.
 */
function scratchRoot(): string {
  try {
    const mount = fs
      .readFileSync("/proc/mounts", "utf8")
      .split("\n")
      .map((l) => l.split(" "))
      .find((f) => f[1] === "/dev/shm");
    const { bavail, bsize } = fs.statfsSync("/dev/shm");
    if (mount && !mount[3]?.split(",").includes("noexec") && bavail * bsize > 4 * 2 ** 30) return "/dev/shm";
  } catch {
    /* no /proc or no /dev/shm */
  }
  return os.tmpdir();
}

/** Runs a command to its end; rejects with its output when it fails. */
function run(cmd: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} ${args.join(" ")} failed (${code ?? signal}):\n${out}\n${err}`));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(600_000);
  // The package ships `.next` (package.json "files"); other specs may have pointed this process at another dist dir.
  if (!process.env.RECOLLECT_SKIP_BUILD) ensureBuild(".next");
  llm = await startFakeLlm();
});

test.afterAll(async () => {
  await oc?.stop();
  if (bin && home) await run(bin, ["stop"], { cwd: home, env: cleanEnv({ HOME: home }), timeoutMs: 30_000 }).catch(() => undefined);
  await llm?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
  if (home) fs.rmSync(home, { recursive: true, force: true });
});

test("npm pack -> install the tarball -> recollect start -> install-plugin -> OpenCode stores a memory through the installed plugin", async ({ page }) => {
  // Two to three minutes on a busy machine; 5 were not enough at a load average of 25.
  test.setTimeout(600_000);
  work = fs.mkdtempSync(path.join(scratchRoot(), "recollect-install-"));
  home = tempDir("recollect-home-");
  const prefix = path.join(work, "prefix");

  const tarball = await test.step("npm pack (prepack keeps the production build current)", async () => {
    const out = await run("npm", ["pack", "--json", "--pack-destination", work!], { cwd: ROOT, env: cleanEnv(), timeoutMs: 600_000 });
    // npm prints the JSON array last; prepack's own lines (a rebuild's "[recollect] ...") come before it.
    const [packed] = JSON.parse(out.slice(out.startsWith("[\n") ? 0 : out.indexOf("\n[\n") + 1)) as { filename: string; files: { path: string }[] }[];
    const files = new Set(packed!.files.map((f) => f.path));
    for (const f of ["cli/recollect.mjs", "plugin/index.ts", "server/serve.ts", ".next/BUILD_ID", "scripts/install-plugin.ts"])
      expect(files.has(f), f).toBe(true);
    return path.join(work!, path.basename(packed!.filename));
  });

  const pkgDir = await test.step("npm install -g --prefix <tmp> the tarball", async () => {
    await run("npm", ["install", "-g", "--prefix", prefix, tarball, "--prefer-offline", "--ignore-scripts", "--no-audit", "--no-fund"], {
      cwd: work!,
      env: cleanEnv({ ONNXRUNTIME_NODE_INSTALL: "skip" }),
      timeoutMs: 600_000,
    });
    const dir = path.join(prefix, "lib", "node_modules", "recollect");
    expect(fs.existsSync(path.join(dir, ".git"))).toBe(false);
    // The build is the one the tarball shipped, not made here.
    expect(fs.readFileSync(path.join(dir, ".next", "BUILD_ID"), "utf8")).toBe(fs.readFileSync(path.join(ROOT, ".next", "BUILD_ID"), "utf8"));
    return dir;
  });

  await test.step("better-sqlite3's addon: the repository's copy when the version and ABI match, else compiled", async () => {
    const installed = path.join(pkgDir, "node_modules", "better-sqlite3");
    const ours = path.join(ROOT, "node_modules", "better-sqlite3");
    const version = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).version as string;
    const addon = path.join(ours, "build", "Release", "better_sqlite3.node");
    let reusable = version(installed) === version(ours) && fs.existsSync(addon);
    if (reusable) {
      try {
        const Database = createRequire(import.meta.url)(ours) as new (file: string) => { close(): void };
        new Database(":memory:").close(); // loads the addon in this Node: same ABI
      } catch {
        reusable = false;
      }
    }
    if (reusable) {
      fs.mkdirSync(path.join(installed, "build", "Release"), { recursive: true });
      fs.copyFileSync(addon, path.join(installed, "build", "Release", "better_sqlite3.node"));
    } else {
      console.log("[install e2e] better-sqlite3's addon cannot be reused here: compiling it (several minutes)");
      test.setTimeout(1_200_000);
      await run("npm", ["rebuild", "better-sqlite3"], { cwd: pkgDir, env: cleanEnv(), timeoutMs: 900_000 });
    }
  });

  bin = path.join(prefix, "bin", "recollect");
  const port = await freePort();
  const userEnv = cleanEnv({ HOME: home, RECOLLECT_HOST: "127.0.0.1", RECOLLECT_PORT: String(port) });
  const dataDir = path.join(home, ".local", "share", "recollect");
  const url = `http://127.0.0.1:${port}`;

  const started = await test.step("recollect start from the installed bin", async () => {
    const out = await run(bin!, ["start", "--json", "--wait", "120"], { cwd: home!, env: userEnv, timeoutMs: 180_000 });
    const result = JSON.parse(out) as { status: string; url: string; dataDir: string; loginUrl: string | null };
    expect(result).toMatchObject({ status: "running", url, dataDir });
    // The browser has its own origin (issue 37): the link names recollect.localhost on the server's port.
    expect(result.loginUrl).toMatch(new RegExp(`^http://recollect\\.localhost:${new URL(url).port}/login\\?ticket=`));
    const health = await (await fetch(`${url}/api/health`)).json();
    expect(health).toMatchObject({ status: "ok" });
    // Nothing of the server's state is written into the package.
    expect(fs.existsSync(path.join(dataDir, "recollect.db"))).toBe(true);
    expect(fs.readdirSync(pkgDir).filter((f) => /\.db$|^token$|^logs$/.test(f))).toEqual([]);
    return result;
  });

  await test.step("the browser signs in with the printed link", async () => {
    await page.goto(started.loginUrl!);
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.getByTestId("nav-memories")).toBeVisible();
  });

  const pluginEntry = path.join(pkgDir, "plugin", "index.ts");
  const configFile = path.join(home, ".config", "opencode", "opencode.json");
  await test.step("recollect install-plugin writes the user's OpenCode config", async () => {
    const out = await run(bin!, ["install-plugin", "--json"], { cwd: home!, env: userEnv, timeoutMs: 60_000 });
    expect(JSON.parse(out)).toMatchObject({ file: configFile, action: "added" });
    expect(JSON.parse(fs.readFileSync(configFile, "utf8")).plugin).toEqual([pluginEntry]);
  });

  await test.step("the real OpenCode client loads the installed plugin; the LLM stores a memory through it", async () => {
    const token = fs.readFileSync(path.join(dataDir, "token"), "utf8").trim();
    const api = (p: string, init: RequestInit = {}) =>
      fetch(`${url}${p}`, { ...init, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" } });

    const projectDir = path.join(work!, "project");
    fs.mkdirSync(projectDir);
    // The same HOME: the plugin finds the token in the default data dir by itself. The project's
    // opencode.json has the fake LLM and no plugin: OpenCode merges the user's (global) plugin list.
    oc = await startOpencode({
      llmUrl: llm!.url,
      plugin: false,
      restartOf: { home: home!, projectDir },
      env: { RECOLLECT_PORT: String(port), RECOLLECT_AUTOSTART: "0" },
    });
    const pinned = await api("/api/memories", {
      method: "POST",
      body: JSON.stringify({ content: "Release builds are signed on the CI runner only", category: "constraint", pinned: true, directory: projectDir }),
    });
    expect(pinned.status).toBe(201);

    const fact = "The installed package serves the memory browser on loopback";
    llm!.setResponder((req: ChatRequest) => {
      if (req.messages[req.messages.length - 1]?.role === "tool") return { text: "stored" };
      if (lastUserText(req).includes("remember")) return { toolCalls: [{ name: "memory_store", args: { content: fact, category: "fact" } }] };
      return undefined;
    });
    const from = llm!.requests.length;
    const session = await newSession(oc);
    await prompt(oc, session, "please remember how the package serves the browser");

    const agentReqs = llm!.requests
      .slice(from)
      .map((r) => r.body)
      .filter((b) => (b.tools?.length ?? 0) > 0);
    expect(agentReqs.length).toBeGreaterThanOrEqual(2);
    const first = agentReqs[0]!;
    expect(first.tools!.map((t) => t.function.name)).toEqual(expect.arrayContaining(["memory_store", "memory_search"]));
    const block = systemTexts(first).find((s) => s.includes("recollect-memory"));
    expect(block).toContain("Release builds are signed on the CI runner only");

    const list = await (await api(`/api/memories?directory=${encodeURIComponent(projectDir)}`)).json();
    const stored = list.items.find((m: { content: string }) => m.content === fact);
    expect(stored).toMatchObject({ category: "fact", source: "tool" });
    const toolResult = agentReqs.flatMap((r) => r.messages).find((m) => m.role === "tool");
    expect(textOf(toolResult!)).toContain(stored.id);
  });

  await test.step("recollect stop leaves every memory in recollect.db alone; recollect uninstall leaves no entry", async () => {
    await oc?.stop();
    oc = undefined;
    await run(bin!, ["stop"], { cwd: home!, env: userEnv, timeoutMs: 60_000 });
    const copy = path.join(work!, "copy.db");
    fs.copyFileSync(path.join(dataDir, "recollect.db"), copy);
    const Database = createRequire(import.meta.url)(path.join(ROOT, "node_modules", "better-sqlite3")) as new (
      file: string,
      options: { readonly: boolean },
    ) => { prepare(sql: string): { all(): { content: string }[] }; close(): void };
    const db = new Database(copy, { readonly: true });
    const contents = db
      .prepare("select content from memories")
      .all()
      .map((r) => r.content);
    db.close();
    expect(contents).toEqual(
      expect.arrayContaining(["Release builds are signed on the CI runner only", "The installed package serves the memory browser on loopback"]),
    );

    const out = JSON.parse(await run(bin!, ["uninstall", "--json"], { cwd: home!, env: userEnv, timeoutMs: 60_000 }));
    expect(out.configs[0]).toMatchObject({ file: configFile, action: "removed", tui: { action: "removed" } });
    expect(fs.readFileSync(configFile, "utf8")).not.toMatch(/recollect/);
    expect(fs.readFileSync(path.join(home!, ".config", "opencode", "tui.json"), "utf8")).not.toMatch(/recollect/);
    expect(fs.existsSync(path.join(dataDir, "recollect.db"))).toBe(true);
  });
});
