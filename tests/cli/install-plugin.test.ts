import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse as parseJsonc } from "jsonc-parser";
import { describe, expect, it } from "vitest";
import { findRecollectPlugin } from "../../cli/lib/opencode-config";
import { installPlugin } from "../../scripts/install-plugin";
import { runCli } from "./run";
import { freePort, tempDir } from "../helpers/server";
import { ROOT } from "../../scripts/build-if-needed";

describe("recollect install-plugin", () => {
  it("adds the entry to a project's opencode.json once, keeps comments, and removes it", async () => {
    const project = tempDir();
    const file = path.join(project, "opencode.json");
    fs.writeFileSync(file, '{\n  // my settings\n  "model": "x/y",\n  "plugin": ["other-plugin"]\n}\n');
    const env = { HOME: tempDir(), XDG_CONFIG_HOME: tempDir() };
    const added = await runCli(["install-plugin", "--project", project, "--json"], { env, cwd: project });
    expect(added.code).toBe(0);
    expect(added.json()).toMatchObject({ action: "added", file });
    const text = fs.readFileSync(file, "utf8");
    expect(text).toContain("// my settings");
    expect(text).toMatch(/plugin\/index\.ts/);
    expect((await runCli(["install-plugin", "--project", project, "--json"], { env, cwd: project })).json()).toMatchObject({ action: "unchanged" });
    const removed = await runCli(["install-plugin", "--project", project, "--uninstall"], { env, cwd: project });
    expect(removed.code).toBe(0);
    expect(removed.stdout).toMatch(/^removed: /);
    expect(fs.readFileSync(file, "utf8")).not.toMatch(/plugin\/index\.ts/);
    expect(fs.readFileSync(file, "utf8")).toContain("other-plugin");
  });

  it("what it installs is what doctor finds, whatever the checkout's directory is called", () => {
    const env = { HOME: tempDir(), XDG_CONFIG_HOME: tempDir() };
    // Not tempDir(): its prefix names recollect, and a name is not what should make it match.
    const checkout = fs.mkdtempSync(path.join(os.tmpdir(), "memory-server-"));
    const entry = path.join(checkout, "plugin", "index.ts");
    installPlugin({ env, entry });
    expect(findRecollectPlugin(tempDir(), env, entry)).toMatchObject({ found: true });
    expect(findRecollectPlugin(tempDir(), env, "/elsewhere/plugin/index.ts")).toMatchObject({ found: false });
  });

  it("--by-name writes the npm package name, which OpenCode installs; doctor finds it; re-running changes nothing", async () => {
    const project = tempDir();
    const env = { HOME: tempDir(), XDG_CONFIG_HOME: tempDir() };
    const added = await runCli(["install-plugin", "--project", project, "--by-name", "--json"], { env, cwd: project });
    expect(added.json()).toMatchObject({ action: "added" });
    expect(JSON.parse(fs.readFileSync(path.join(project, "opencode.json"), "utf8")).plugin).toEqual(["recollect"]);
    expect((await runCli(["install-plugin", "--project", project, "--by-name", "--json"], { env, cwd: project })).json()).toMatchObject({
      action: "unchanged",
    });
    expect(findRecollectPlugin(project, env)).toMatchObject({ found: true });
    // Switching to the installed path replaces the entry instead of adding a second one.
    expect((await runCli(["install-plugin", "--project", project, "--json"], { env, cwd: project })).json()).toMatchObject({ action: "updated" });
    expect(JSON.parse(fs.readFileSync(path.join(project, "opencode.json"), "utf8")).plugin).toHaveLength(1);
  });

  it("refuses a broken config with a clear message and a non-zero exit", async () => {
    const project = tempDir();
    fs.writeFileSync(path.join(project, "opencode.json"), "{ not json");
    const res = await runCli(["install-plugin", "--project", project], { env: { HOME: tempDir() }, cwd: project });
    expect(res.code).toBe(6);
    expect(res.stderr).toMatch(/not a valid JSON/);
  });
});

describe("recollect uninstall", () => {
  it("removes the plugin and TUI entries it added, keeping the user's other settings and comments; the data dir stays", async () => {
    const home = tempDir();
    const configHome = path.join(home, ".config");
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, "recollect.db"), "x".repeat(1000));
    const project = tempDir();
    const globalDir = path.join(configHome, "opencode");
    fs.mkdirSync(globalDir, { recursive: true });
    const config = path.join(globalDir, "opencode.json");
    const tui = path.join(globalDir, "tui.json");
    fs.writeFileSync(config, '{\n  // my model\n  "model": "x/y",\n  "plugin": ["other-plugin"]\n}\n');
    fs.writeFileSync(path.join(project, "opencode.json"), '{\n  /* team settings */\n  "share": "disabled"\n}\n');
    const env = { HOME: home, XDG_CONFIG_HOME: configHome, RECOLLECT_DATA_DIR: dataDir, RECOLLECT_PORT: String(await freePort()), RECOLLECT_URL: undefined };
    expect((await runCli(["install-plugin", "--json"], { env })).json()).toMatchObject({ action: "added", tui: { action: "added", file: tui } });
    expect((await runCli(["install-plugin", "--project", project, "--by-name", "--json"], { env })).code).toBe(0);
    expect(fs.readFileSync(tui, "utf8")).toMatch(/plugin\/tui\.tsx/);
    // MCP entries: Claude Code's is ours (install-mcp); Cursor's "memory" is another server, kept.
    expect((await runCli(["install-mcp", "--client", "claude", "--json"], { env })).json()).toMatchObject({ action: "added" });
    const claude = path.join(home, ".claude.json");
    const cursor = path.join(home, ".cursor", "mcp.json");
    fs.mkdirSync(path.dirname(cursor), { recursive: true });
    const foreign = { mcpServers: { memory: { command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"] } } };
    fs.writeFileSync(cursor, JSON.stringify(foreign, null, 2));

    const res = await runCli(["uninstall", "--project", project, "--json"], { env });
    expect(res.code, res.stderr).toBe(0);
    const report = res.json();
    expect(report.server).toEqual({ wasRunning: false });
    expect(report.configs.map((c: { action: string; tui: { action: string } }) => [c.action, c.tui.action])).toEqual([
      ["removed", "removed"],
      ["removed", "absent"],
    ]);
    expect(report.mcp).toEqual([
      { client: "claude", file: claude, action: "removed" },
      { client: "cursor", file: cursor, action: "kept" },
    ]);
    expect(JSON.parse(fs.readFileSync(claude, "utf8")).mcpServers).toEqual({});
    expect(JSON.parse(fs.readFileSync(cursor, "utf8"))).toEqual(foreign);
    expect(report.dataDir).toBe(dataDir);
    expect(report.dataDirBytes).toBe(1000);

    const after = fs.readFileSync(config, "utf8");
    expect(after).toContain("// my model");
    expect(parseJsonc(after)).toEqual({ model: "x/y", plugin: ["other-plugin"] });
    // The TUI file held only our entry: the emptied list goes, not a dangling `plugin: []`.
    expect(parseJsonc(fs.readFileSync(tui, "utf8"))).toEqual({ $schema: "https://opencode.ai/tui.json" });
    const projectAfter = fs.readFileSync(path.join(project, "opencode.json"), "utf8");
    expect(projectAfter).toContain("/* team settings */");
    expect(parseJsonc(projectAfter)).toEqual({ share: "disabled" });
    expect(findRecollectPlugin(project, env)).toMatchObject({ found: false });
    expect(fs.existsSync(path.join(dataDir, "recollect.db"))).toBe(true);

    // Human output says where the memories stay and how to remove them, and the next step.
    const again = await runCli(["uninstall"], { env });
    expect(again.stdout).toContain(`Your memories stay in ${dataDir}`);
    expect(again.stdout).toContain(`rm -rf '${dataDir}'`);
    expect(again.stdout).toContain("npm uninstall -g recollect");
  });

  it("removes OpenCode 2 entries as well: the `plugins` list, a project's local plugin and cli.json", async () => {
    const home = tempDir();
    const configHome = path.join(home, ".config");
    const project = tempDir();
    const env = { HOME: home, XDG_CONFIG_HOME: configHome, RECOLLECT_DATA_DIR: tempDir(), RECOLLECT_PORT: String(await freePort()), RECOLLECT_URL: undefined };
    expect((await runCli(["install-plugin", "--opencode", "2", "--json"], { env })).code).toBe(0);
    expect((await runCli(["install-plugin", "--opencode", "2", "--project", project, "--json"], { env })).code).toBe(0);
    const config = path.join(configHome, "opencode", "opencode.json");
    const cli = path.join(configHome, "opencode", "cli.json");
    fs.writeFileSync(cli, JSON.stringify({ plugins: ["other-cli-plugin", path.join(ROOT, "plugin", "tui.tsx")] }, null, 2));
    expect(JSON.stringify(parseJsonc(fs.readFileSync(config, "utf8")).plugins)).toMatch(/plugin\/index\.ts/);
    expect(fs.existsSync(path.join(project, ".opencode", "plugins", "recollect", "index.ts"))).toBe(true);

    const res = await runCli(["uninstall", "--project", project, "--json"], { env });
    expect(res.code, res.stderr).toBe(0);
    expect(res.json().configs.map((c: { action: string }) => c.action)).toEqual(["removed", "removed"]);
    expect(parseJsonc(fs.readFileSync(config, "utf8")).plugins ?? []).toEqual([]);
    expect(fs.existsSync(path.join(project, ".opencode", "plugins", "recollect"))).toBe(false);
    expect(parseJsonc(fs.readFileSync(cli, "utf8"))).toEqual({ plugins: ["other-cli-plugin"] });
  });
});
