import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { isolatedHome, OPENCODE_BIN, PLUGIN_ENTRY, ROOT, seedConfigDir, tempDir } from "./opencode";

export const TUI_PLUGIN_ENTRY = path.join(ROOT, "plugin", "tui.tsx");

export interface TuiOptions {
  llmUrl: string;
  /** Options of both plugin entries (url, dataDir...). */
  pluginOptions: Record<string, unknown>;
  /** Options of the TUI plugin entry only (sidebar, showVersion). */
  tuiOptions?: Record<string, unknown>;
  /** More arguments for `opencode` (e.g. `--log-level DEBUG`). */
  args?: string[];
}

export interface OpencodeTui {
  projectDir: string;
  /** OpenCode's log directory (the TUI logs its plugin errors there). */
  logDir: string;
  /** The screen as text. */
  screen: () => string;
  /** tmux key names or literal text (`literal: true`). */
  keys: (keys: string[], literal?: boolean) => void;
  alive: () => boolean;
  stop: () => void;
}

/**
 * The real OpenCode TUI on a pseudo-terminal: a tmux session on its own socket, driven with
 * `send-keys` and read with `capture-pane`. Isolated like the server tests (temp HOME and XDG dirs).
 */
export function startTui(options: TuiOptions): OpencodeTui {
  const home = tempDir("oc-tui-home-");
  const projectDir = tempDir("oc-tui-project-");
  const xdg = isolatedHome(home);
  const configDir = path.join(xdg.XDG_CONFIG_HOME, "opencode");
  seedConfigDir(configDir);
  seedConfigDir(path.join(projectDir, ".opencode"));
  const config = {
    model: "mock/mock-model",
    small_model: "mock/mock-model",
    autoupdate: false,
    share: "disabled",
    permission: { edit: "allow", bash: "allow" },
    plugin: [[PLUGIN_ENTRY, options.pluginOptions]],
    provider: {
      mock: {
        npm: "@ai-sdk/openai-compatible",
        options: { baseURL: options.llmUrl, apiKey: "x" },
        models: { "mock-model": { name: "Mock", tool_call: true, limit: { context: 200_000, output: 8192 } } },
      },
    },
  };
  fs.writeFileSync(path.join(projectDir, "opencode.json"), JSON.stringify(config, null, 2));
  fs.writeFileSync(
    path.join(configDir, "tui.json"),
    JSON.stringify({ plugin: [[TUI_PLUGIN_ENTRY, { ...options.pluginOptions, ...options.tuiOptions }]] }, null, 2),
  );

  const socket = `recollect-tui-${process.pid}-${Date.now()}`;
  const env = {
    ...xdg,
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    TERM: "xterm-256color",
    COLORTERM: "truecolor",
    OPENCODE_DISABLE_AUTOUPDATE: "1",
    OPENCODE_DISABLE_MODELS_FETCH: "1",
    OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
    OPENCODE_DISABLE_SHARE: "1",
    RECOLLECT_AUTOSTART: "0",
  };
  const command = ["env", "-i", ...Object.entries(env).map(([k, v]) => `${k}=${v}`), OPENCODE_BIN, projectDir, ...(options.args ?? [])]
    .map(shellQuote)
    .join(" ");
  const tmux = (...args: string[]) => execFileSync("tmux", ["-L", socket, ...args], { encoding: "utf8" });
  tmux("new-session", "-d", "-s", "oc", "-x", "200", "-y", "50", "-c", projectDir, command);
  return {
    projectDir,
    logDir: path.join(xdg.XDG_DATA_HOME, "opencode", "log"),
    screen: () => {
      try {
        return tmux("capture-pane", "-p", "-t", "oc");
      } catch {
        return "";
      }
    },
    keys: (keys, literal = false) => void tmux("send-keys", "-t", "oc", ...(literal ? ["-l"] : []), ...keys),
    alive: () => {
      try {
        return tmux("list-panes", "-t", "oc", "-F", "#{pane_dead}").trim() === "0";
      } catch {
        return false;
      }
    },
    stop: () => {
      try {
        tmux("kill-server");
      } catch {
        /* already gone */
      }
    },
  };
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
