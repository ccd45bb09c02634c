import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findRecollectPlugin } from "../../cli/lib/opencode-config";
import { installPlugin } from "../../scripts/install-plugin";
import { runCli } from "./run";
import { tempDir } from "../helpers/server";

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
