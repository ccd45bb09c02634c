import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./run";
import { tempDir } from "../helpers/server";
import { agentHookKey } from "../../lib/security/agent-hook-key";

/** `recollect install-agent claude-code|codex`: four hooks and the MCP entry, idempotent, the user's own hooks kept, uninstall exact. */
describe("recollect install-agent", () => {
  const setup = () => {
    const home = tempDir("recollect-agent-home-");
    const dataDir = tempDir("recollect-agent-data-");
    const env = { HOME: home, RECOLLECT_DATA_DIR: dataDir, RECOLLECT_URL: "http://127.0.0.1:7798", CODEX_HOME: "", CLAUDE_CONFIG_DIR: "" };
    return { home, dataDir, env };
  };

  it("claude-code: adds beside the user's own hooks, changes nothing the second time, and uninstall restores the file", async () => {
    const { home, dataDir, env } = setup();
    const file = path.join(home, ".claude", "settings.json");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const mine = { model: "opus", hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: "my-linter" }] }] } };
    fs.writeFileSync(file, `${JSON.stringify(mine, null, 2)}\n`);
    const before = fs.readFileSync(file, "utf8");

    const added = (await runCli(["install-agent", "claude-code", "--json"], { env })).json();
    expect(added).toMatchObject({ agent: "claude-code", hooks: { action: "added", file }, mcp: { action: "added" } });
    const settings = JSON.parse(fs.readFileSync(file, "utf8"));
    expect(settings.model).toBe("opus");
    expect(Object.keys(settings.hooks).sort()).toEqual(["PreCompact", "SessionStart", "Stop", "UserPromptSubmit"]);
    expect(settings.hooks.UserPromptSubmit).toHaveLength(2);
    expect(settings.hooks.UserPromptSubmit[0].hooks[0].command).toBe("my-linter");
    const ours = settings.hooks.SessionStart[0].hooks[0];
    expect(ours.command).toMatch(/agents\/hook\.mjs' claude-code --url 'http:\/\/127\.0\.0\.1:7798' --data-dir '/);
    expect(ours.command).toContain(dataDir);
    // No token in the agent's files: the hook reads it from the data dir.
    expect(fs.readFileSync(file, "utf8")).not.toMatch(/Bearer/);

    expect((await runCli(["install-agent", "claude-code", "--json"], { env })).json().hooks.action).toBe("unchanged");
    const moved = (await runCli(["install-agent", "claude-code", "--json"], { env: { ...env, RECOLLECT_URL: "http://127.0.0.1:7797" } })).json();
    expect(moved.hooks.action).toBe("updated");
    expect(JSON.parse(fs.readFileSync(file, "utf8")).hooks.UserPromptSubmit).toHaveLength(2);

    expect((await runCli(["install-agent", "claude-code", "--uninstall", "--json"], { env })).json().hooks.action).toBe("removed");
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual(mine);
    expect(before).toBe(`${JSON.stringify(mine, null, 2)}\n`);
    expect((await runCli(["install-agent", "claude-code", "--uninstall", "--json"], { env })).json().hooks.action).toBe("absent");
  });

  it("claude-code with a token: HTTP hooks for prompts, compaction and stop, keyed to this server and never carrying the token", async () => {
    const { home, dataDir, env } = setup();
    const token = "t".repeat(64);
    fs.writeFileSync(path.join(dataDir, "token"), `${token}\n`, { mode: 0o600 });
    const file = path.join(home, ".claude", "settings.json");
    expect((await runCli(["install-agent", "claude-code", "--json"], { env })).json().hooks.action).toBe("added");
    const text = fs.readFileSync(file, "utf8");
    expect(text).not.toContain(token);
    const hooks = JSON.parse(text).hooks;
    // SessionStart takes command hooks only in Claude Code: `curl` with the key read from a 0600 file, never on the command line.
    const start = hooks.SessionStart[0].hooks[0];
    expect(start.type).toBe("command");
    const header = path.join(dataDir, "agents", "claude-code-hook.header");
    expect(start.command).toMatch(
      /^curl -sf -m 3 -H @'.*claude-code-hook\.header' .* --data-binary @- 'http:\/\/127\.0\.0\.1:7798\/api\/agents\/hook\/claude-code\?root=.*' \|\| true$/,
    );
    expect(start.command).not.toMatch(/[0-9a-f]{64}/);
    expect(fs.statSync(header).mode & 0o777).toBe(0o600);
    const root = path.join(home, ".claude", "projects");
    for (const event of ["UserPromptSubmit", "PreCompact", "Stop"]) {
      const h = hooks[event][0].hooks[0];
      expect(h.type).toBe("http");
      expect(h.url).toBe(`http://127.0.0.1:7798/api/agents/hook/claude-code?root=${encodeURIComponent(root)}`);
      expect(h.headers["x-recollect-hook"]).toBe(agentHookKey(token, "127.0.0.1:7798", "claude-code", root));
    }
    expect(fs.readFileSync(header, "utf8")).toBe(`x-recollect-hook: ${agentHookKey(token, "127.0.0.1:7798", "claude-code", root)}\n`);
    expect((await runCli(["install-agent", "claude-code", "--json"], { env })).json().hooks.action).toBe("unchanged");
    // A new token makes new keys: the install says so and rewrites them.
    fs.writeFileSync(path.join(dataDir, "token"), `${"u".repeat(64)}\n`, { mode: 0o600 });
    expect((await runCli(["install-agent", "claude-code", "--json"], { env })).json().hooks.action).toBe("updated");
    expect(JSON.parse(fs.readFileSync(file, "utf8")).hooks.Stop).toHaveLength(1);
    expect((await runCli(["install-agent", "claude-code", "--uninstall", "--json"], { env })).json().hooks.action).toBe("removed");
    expect(JSON.parse(fs.readFileSync(file, "utf8")).hooks).toBeUndefined();
    expect(fs.existsSync(header)).toBe(false);
  });

  it("codex: hooks.json and the MCP table in config.toml; `recollect uninstall` removes both", async () => {
    const { home, env } = setup();
    const r = (await runCli(["install-agent", "codex", "--json"], { env })).json();
    expect(r.hooks.file).toBe(path.join(home, ".codex", "hooks.json"));
    expect(Object.keys(JSON.parse(fs.readFileSync(r.hooks.file, "utf8")).hooks).sort()).toEqual(["PreCompact", "SessionStart", "Stop", "UserPromptSubmit"]);
    expect(fs.readFileSync(path.join(home, ".codex", "config.toml"), "utf8")).toContain("[mcp_servers.memory]");
    const text = (await runCli(["install-agent", "codex"], { env })).stdout;
    expect(text).toContain("hooks unchanged");

    const un = await runCli(["uninstall", "--json"], { env });
    expect(un.json().agents).toEqual([{ agent: "codex", file: r.hooks.file }]);
    expect(JSON.parse(fs.readFileSync(r.hooks.file, "utf8"))).toEqual({});
    expect(fs.readFileSync(path.join(home, ".codex", "config.toml"), "utf8")).not.toContain("mcp_servers.memory");
  });

  it("refuses an agent it does not know, naming the argument", async () => {
    const { env } = setup();
    const r = await runCli(["install-agent", "cursor"], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("<agent>: one of claude-code, codex");
  });
});
