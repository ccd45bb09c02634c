import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findRecollectPlugin } from "../../cli/lib/opencode-config";
import { detectOpencode, installPlugin, localPluginDir, PLUGIN_PATH, TUI_PLUGIN_PATH } from "../../scripts/install-plugin";
import { tempDir } from "../helpers/server";
import { runCli } from "./run";

/** `recollect install-plugin` for OpenCode 2 (`plugins`, object form; local plugins in `.opencode/plugins/`), and `doctor`'s generation. */

/** A fake `opencode` that reports a version, as `opencode --version` does. */
function fakeOpencode(version: string): string {
  const bin = path.join(tempDir(), "opencode");
  fs.writeFileSync(bin, `#!/bin/sh\necho ${version}\n`, { mode: 0o755 });
  return bin;
}

describe("install-plugin --opencode 2", () => {
  it("writes the plugins entry in the object form, keeps comments, drops Recollect's V1 entries, never duplicates, uninstalls", async () => {
    const configHome = tempDir();
    const env = { HOME: tempDir(), XDG_CONFIG_HOME: configHome };
    const dir = path.join(configHome, "opencode");
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, "opencode.jsonc");
    fs.writeFileSync(file, `{\n  // mine\n  "model": "x/y",\n  "plugin": ["other-plugin", ${JSON.stringify(PLUGIN_PATH)}]\n}\n`);
    fs.writeFileSync(path.join(dir, "tui.json"), JSON.stringify({ plugin: [TUI_PLUGIN_PATH, "other-tui"] }));
    fs.writeFileSync(path.join(dir, "cli.json"), JSON.stringify({ theme: { name: "x" }, plugins: [{ package: TUI_PLUGIN_PATH }] }));

    const added = await runCli(["install-plugin", "--opencode", "2", "--json"], { env });
    expect(added.code).toBe(0);
    expect(added.json()).toMatchObject({ action: "added", file, opencode: 2 });
    const text = fs.readFileSync(file, "utf8");
    expect(text).toContain("// mine");
    const parsed = JSON.parse(text.replace(/\/\/.*$/m, ""));
    expect(parsed.plugins).toEqual([{ package: PLUGIN_PATH }]);
    expect(parsed.plugin).toEqual(["other-plugin"]);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "tui.json"), "utf8")).plugin).toEqual(["other-tui"]);
    const cli = JSON.parse(fs.readFileSync(path.join(dir, "cli.json"), "utf8"));
    expect(cli).toEqual({ theme: { name: "x" }, plugins: [] });

    expect((await runCli(["install-plugin", "--opencode", "2", "--json"], { env })).json()).toMatchObject({ action: "unchanged" });
    expect(installPlugin({ env, opencode: 2, options: { timeoutMs: 500 } })).toMatchObject({ action: "updated" });
    expect(JSON.parse(fs.readFileSync(file, "utf8").replace(/\/\/.*$/m, "")).plugins).toEqual([{ package: PLUGIN_PATH, options: { timeoutMs: 500 } }]);
    expect(findRecollectPlugin(tempDir(), env)).toMatchObject({ found: true, shape: 2 });

    // Back to OpenCode 1: the V2 entry goes, the V1 one comes back, once.
    expect(installPlugin({ env, opencode: 1 })).toMatchObject({ action: "added", removedOther: [`${file} (plugins)`] });
    const v1 = JSON.parse(fs.readFileSync(file, "utf8").replace(/\/\/.*$/m, ""));
    expect(v1.plugins).toEqual([]);
    expect(v1.plugin).toEqual(["other-plugin", PLUGIN_PATH]);

    installPlugin({ env, opencode: 2 });
    const removed = await runCli(["install-plugin", "--opencode", "2", "--uninstall", "--json"], { env });
    expect(removed.json()).toMatchObject({ action: "removed" });
    // The list held only Recollect's entry: the emptied list goes (as for V1), the rest stays.
    const after = JSON.parse(fs.readFileSync(file, "utf8").replace(/\/\/.*$/m, ""));
    expect(after.plugins).toBeUndefined();
    expect(after.model).toBe("x/y");
  });

  it("a project gets a local plugin in .opencode/plugins/recollect/ that loads the same module; OpenCode 1's entry is removed", async () => {
    const project = tempDir();
    const env = { HOME: tempDir(), XDG_CONFIG_HOME: tempDir() };
    fs.writeFileSync(path.join(project, "opencode.json"), JSON.stringify({ plugin: [PLUGIN_PATH] }));
    const added = await runCli(["install-plugin", "--opencode", "2", "--project", project, "--json"], { env, cwd: project });
    expect(added.json()).toMatchObject({ action: "added", opencode: 2 });
    const dir = localPluginDir(project);
    expect(fs.readdirSync(dir).sort()).toEqual(["index.ts", "tui.ts"]);
    expect(JSON.parse(fs.readFileSync(path.join(project, "opencode.json"), "utf8")).plugin).toEqual([]);
    expect(findRecollectPlugin(project, env)).toMatchObject({ found: true, shape: 2 });
    expect((await runCli(["install-plugin", "--opencode", "2", "--project", project, "--json"], { env, cwd: project })).json()).toMatchObject({
      action: "unchanged",
    });

    // The local plugin is the dual module: OpenCode 2 reads id and setup from it.
    const local = (await import(path.join(dir, "index.ts"))).default as { id: string; setup: unknown; server: unknown };
    expect(local.id).toBe("recollect");
    expect(typeof local.setup).toBe("function");
    // With options, setup gets them under the host's own.
    installPlugin({ env, opencode: 2, target: { project }, options: { timeoutMs: 700 } });
    expect(fs.readFileSync(path.join(dir, "index.ts"), "utf8")).toContain('{"timeoutMs":700}');

    // OpenCode 1 for the same project: the local plugin goes, the opencode.json entry comes back.
    expect(installPlugin({ env, opencode: 1, target: { project } })).toMatchObject({ action: "added", removedOther: [dir] });
    expect(fs.existsSync(dir)).toBe(false);
  });

  it("detects the generation from `opencode --version`; doctor reports it and the entry that last loaded", async () => {
    expect(detectOpencode({ OPENCODE_BIN: fakeOpencode("2.1.4"), PATH: "/nonexistent" })).toMatchObject({ generation: 2, version: "2.1.4" });
    expect(detectOpencode({ OPENCODE_BIN: fakeOpencode("1.18.33"), PATH: "/nonexistent" })).toMatchObject({ generation: 1, version: "1.18.33" });
    expect(detectOpencode({ OPENCODE_BIN: "/nonexistent/opencode", PATH: "/nonexistent" })).toMatchObject({ generation: 1, version: null });

    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, "plugin-entry.json"), JSON.stringify({ generation: 1, at: "2026-11-28T08:00:00.000Z", pid: 1, directory: "/p" }));
    const env = {
      HOME: tempDir(),
      XDG_CONFIG_HOME: tempDir(),
      RECOLLECT_DATA_DIR: dataDir,
      RECOLLECT_URL: "http://127.0.0.1:9",
      OPENCODE_BIN: fakeOpencode("2.1.4"),
    };
    const doctor = await runCli(["doctor", "--json"], { env });
    const check = doctor.json().checks.find((c: { name: string }) => c.name === "opencode");
    expect(check).toMatchObject({ status: "warn" });
    expect(check.message).toContain("OpenCode 2.1.4 (generation 2)");
    expect(check.message).toContain("OpenCode 1 entry (server)");
    expect(check.hint).toContain("--opencode 2");
  });
});
