import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createOpencodeClient, type OpencodeClient } from "@opencode-ai/sdk";
import { reapOnExit } from "../../../tests/helpers/reap-children";
import { waitUntil } from "../../../tests/helpers/wait-until";

/** The repository root (this file is e2e/opencode/helpers/). */
export const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");
export const OPENCODE_BIN = path.join(ROOT, "node_modules", "opencode-linux-x64", "bin", "opencode");
export const PLUGIN_ENTRY = path.join(ROOT, "plugin", "index.ts");
const PLUGIN_PKG_VERSION: string = JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules", "@opencode-ai", "plugin", "package.json"), "utf8")).version;

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** HOME and the XDG directories under `home`, created: what OpenCode reads and writes, kept out of the user's own. */
export function isolatedHome(home: string) {
  const xdg = {
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, ".config"),
    XDG_DATA_HOME: path.join(home, ".local", "share"),
    XDG_CACHE_HOME: path.join(home, ".cache"),
    XDG_STATE_HOME: path.join(home, ".local", "state"),
  };
  for (const d of Object.values(xdg)) fs.mkdirSync(d, { recursive: true });
  return xdg;
}

/**
 * OpenCode runs `npm install @opencode-ai/plugin` in each config dir at start (about 70 s when no
 * registry answers) unless `node_modules/` exists and `package-lock.json` lists every dependency:
 * pre-seed both, linking our installed copy.
 */
export function seedConfigDir(dir: string) {
  fs.mkdirSync(path.join(dir, "node_modules", "@opencode-ai"), { recursive: true });
  const deps = { "@opencode-ai/plugin": PLUGIN_PKG_VERSION };
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ dependencies: deps }, null, 2));
  fs.writeFileSync(
    path.join(dir, "package-lock.json"),
    JSON.stringify({ name: "opencode-config", lockfileVersion: 3, requires: true, packages: { "": { dependencies: deps } } }, null, 2),
  );
  const link = path.join(dir, "node_modules", "@opencode-ai", "plugin");
  if (!fs.existsSync(link)) fs.symlinkSync(path.join(ROOT, "node_modules", "@opencode-ai", "plugin"), link);
}

export interface OpencodeOptions {
  llmUrl: string;
  /** Load the plugin from this repository (default true). */
  plugin?: boolean;
  /** Plugin options (`[spec, options]` entry). */
  pluginOptions?: Record<string, unknown>;
  /** Extra environment for the OpenCode process (RECOLLECT_URL, RECOLLECT_DATA_DIR, ...). */
  env?: Record<string, string>;
  contextLimit?: number;
  /** More models of the fake provider beside `mock/mock-model` (the default), e.g. one the LLM fails for. */
  extraModels?: string[];
  /** Files to create in the project dir. */
  files?: Record<string, string>;
  /** Merged into the project's opencode.json (the user's own agents, commands...). */
  config?: Record<string, unknown>;
  /** Reuse the HOME and project dir of an earlier instance (an OpenCode restart: same sessions, same project). */
  restartOf?: Pick<Opencode, "home" | "projectDir">;
  /** Make the project dir a git repository with one commit of its files. */
  git?: boolean;
  /**
   * Write opencode.json to the user's config dir instead of the project: every directory OpenCode
   * serves (a loop's worktree too) then gets the plugin, the provider and the agents.
   */
  globalConfig?: boolean;
  /** `agent` entries of opencode.json. */
  agents?: Record<string, unknown>;
}

export interface Opencode {
  url: string;
  home: string;
  projectDir: string;
  client: OpencodeClient;
  child: ChildProcess;
  log: () => string;
  stop: () => Promise<void>;
}

/**
 * Seeds `projectDir` as a project of OpenCode's: its files, optional git repository and opencode.json
 * (none with `writeConfig: false`: a project on a shared OpenCode whose config is the user's).
 */
function writeProject(options: OpencodeOptions, projectDir: string, configHome: string, writeConfig = true) {
  seedConfigDir(path.join(projectDir, ".opencode"));
  for (const [name, content] of Object.entries(options.files ?? {})) {
    fs.mkdirSync(path.dirname(path.join(projectDir, name)), { recursive: true });
    fs.writeFileSync(path.join(projectDir, name), content);
  }

  if (options.git) {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: projectDir, stdio: "ignore" });
    fs.writeFileSync(path.join(projectDir, ".gitignore"), ".opencode/\nopencode.json\n");
    git("init", "-q", "-b", "main");
    git("add", "-A");
    git("-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-qm", "init");
  }
  if (!writeConfig) return;
  const pluginEntry = options.pluginOptions ? [PLUGIN_ENTRY, options.pluginOptions] : PLUGIN_ENTRY;
  const config = {
    $schema: "https://opencode.ai/config.json",
    model: "mock/mock-model",
    small_model: "mock/mock-model",
    autoupdate: false,
    share: "disabled",
    permission: { edit: "allow", bash: "allow" },
    plugin: options.plugin === false ? [] : [pluginEntry],
    ...(options.agents ? { agent: options.agents } : {}),
    provider: {
      mock: {
        npm: "@ai-sdk/openai-compatible",
        options: { baseURL: options.llmUrl, apiKey: "x" },
        models: Object.fromEntries(
          ["mock-model", ...(options.extraModels ?? [])].map((id) => [
            id,
            { name: id === "mock-model" ? "Mock" : id, tool_call: true, limit: { context: options.contextLimit ?? 200_000, output: 8192 } },
          ]),
        ),
      },
    },
    ...options.config,
  };
  const configFile = options.globalConfig ? path.join(configHome, "opencode", "opencode.json") : path.join(projectDir, "opencode.json");
  fs.writeFileSync(configFile, JSON.stringify(config, null, 2));
}

export async function startOpencode(options: OpencodeOptions): Promise<Opencode> {
  const home = options.restartOf?.home ?? tempDir("oc-home-");
  const projectDir = options.restartOf?.projectDir ?? tempDir("oc-project-");
  const xdg = isolatedHome(home);
  seedConfigDir(path.join(xdg.XDG_CONFIG_HOME, "opencode"));
  writeProject(options, projectDir, xdg.XDG_CONFIG_HOME);

  const port = await freePort();
  let output = "";
  const child = spawn(OPENCODE_BIN, ["serve", "--port", String(port), "--hostname", "127.0.0.1", "--print-logs", "--log-level", "INFO"], {
    cwd: projectDir,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      ...xdg,
      OPENCODE_DISABLE_AUTOUPDATE: "1",
      OPENCODE_DISABLE_MODELS_FETCH: "1",
      OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
      OPENCODE_DISABLE_SHARE: "1",
      ...options.env,
    } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  reapOnExit(child);
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`opencode exited (${child.exitCode}):\n${output}`);
      try {
        // 10 s a try: at load 25 a first /doc (OpenCode builds its API document) took over 1 s
        // every time, so a 1 s abort never let one finish although OpenCode was listening.
        return (await fetch(`${url}/doc`, { signal: AbortSignal.timeout(10_000) })).ok;
      } catch {
        return false; // not up yet
      }
    },
    {
      // Until answering or exited; the bound only ends a hung start (a start at load 25-30 took over 60 s).
      timeoutMs: 180_000,
      intervalMs: 200,
      onTimeout: () => {
        child.kill("SIGKILL");
        return new Error(`opencode did not start:\n${output}`);
      },
    },
  );
  const client = createOpencodeClient({ baseUrl: url, directory: projectDir });
  return {
    url,
    home,
    projectDir,
    client,
    child,
    log: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((r) => child.once("exit", () => r()));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Sends a user prompt and waits for the whole turn (tool steps included) to finish. */
export async function prompt(oc: Opencode, sessionID: string, text: string, agent?: string) {
  const res = await oc.client.session.prompt({
    path: { id: sessionID },
    body: { parts: [{ type: "text", text }], ...(agent ? { agent } : {}) },
  });
  if (res.error) throw new Error(`prompt failed: ${JSON.stringify(res.error)}`);
  return res.data!;
}

export async function newSession(oc: Opencode): Promise<string> {
  const res = await oc.client.session.create({ body: {} });
  if (res.error || !res.data) throw new Error(`session.create failed: ${JSON.stringify(res.error)}`);
  return res.data.id;
}

/** What a project opened on a shared OpenCode may set: the process-wide settings (env, HOME, global config) are the host's. */
export type ProjectOptions = Omit<OpencodeOptions, "llmUrl" | "env" | "restartOf" | "globalConfig">;

/**
 * One OpenCode process for a whole spec file, and a fresh project dir per test. OpenCode serves
 * every directory a request names (`x-opencode-directory`) as its own instance: its own
 * opencode.json (plugin entry and options, agents, commands, provider), its own plugin hooks and
 * sessions. So a test still meets OpenCode as a user does, with its own project and config, but
 * pays one OpenCode start-up (5-6 s of CPU) per file instead of one per test.
 *
 * Isolation: each test opens a new project dir, and `stop()` disposes that directory's instance.
 * After a failed test `discard()` ends the process, so the next test gets a new one: a failure
 * (a wedged session, a hung hook) cannot reach the next test. (Playwright also moves the rest of
 * the file to a new worker after a failure, whose module state, and so this handle, is new.)
 */
export interface SharedOpencode {
  /** A new project on the shared process (started on first use). */
  open: (options?: ProjectOptions) => Promise<Opencode>;
  /** Ends the shared process; the next `open` starts a new one. */
  discard: () => Promise<void>;
  /** Starts the shared process now (in a `beforeAll`, so no test's own time limit pays for it). */
  warm: () => Promise<void>;
}

export function sharedOpencode(host: () => Pick<OpencodeOptions, "llmUrl" | "env">): SharedOpencode {
  let running: Promise<Opencode> | undefined;
  return {
    warm: async () => {
      running ??= startOpencode({ ...host(), plugin: false });
      await running;
    },
    open: async (options = {}) => {
      // The host's own project dir is never served: it has no plugin and no request names it.
      running ??= startOpencode({ ...host(), plugin: false });
      const shared = await running;
      if (shared.child.exitCode !== null || shared.child.signalCode !== null) throw new Error(`the shared opencode exited:\n${shared.log()}`);
      return openProject(shared, { llmUrl: host().llmUrl, ...options });
    },
    discard: async () => {
      const shared = await running?.catch(() => undefined);
      running = undefined;
      await shared?.stop();
    },
  };
}

/**
 * One OpenCode process whose opencode.json is the user's (in its config dir), shared by the tests of
 * a file that all need that same config, each in a project dir of its own with no opencode.json:
 * the loop specs, where a loop's worktree (another directory) must get the plugin, the provider and
 * the agents too, which a project's opencode.json would not give it. Isolation as `sharedOpencode`.
 */
export function sharedGlobalOpencode(host: () => Omit<OpencodeOptions, "globalConfig" | "restartOf">): SharedOpencode {
  let running: Promise<Opencode> | undefined;
  return {
    warm: async () => {
      running ??= startOpencode({ ...host(), globalConfig: true });
      await running;
    },
    open: async (options = {}) => {
      running ??= startOpencode({ ...host(), globalConfig: true });
      const shared = await running;
      if (shared.child.exitCode !== null || shared.child.signalCode !== null) throw new Error(`the shared opencode exited:\n${shared.log()}`);
      return openProject(shared, { llmUrl: host().llmUrl, ...options }, false);
    },
    discard: async () => {
      const shared = await running?.catch(() => undefined);
      running = undefined;
      await shared?.stop();
    },
  };
}

/** A new project dir on a running OpenCode; its `stop()` disposes the directory's instance (plugin included). */
async function openProject(shared: Opencode, options: OpencodeOptions, writeConfig = true): Promise<Opencode> {
  const projectDir = tempDir("oc-project-");
  writeProject(options, projectDir, path.join(shared.home, ".config"), writeConfig);
  const from = shared.log().length;
  const client = createOpencodeClient({ baseUrl: shared.url, directory: projectDir });
  return {
    url: shared.url,
    home: shared.home,
    projectDir,
    client,
    child: shared.child,
    log: () => shared.log().slice(from),
    stop: async () => {
      if (shared.child.exitCode !== null || shared.child.signalCode !== null) return;
      const res = await client.instance.dispose();
      if (res.error) throw new Error(`instance.dispose failed: ${JSON.stringify(res.error)}`);
    },
  };
}
