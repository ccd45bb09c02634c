import fs from "node:fs";
import path from "node:path";
import { parse } from "jsonc-parser";
import { describe, expect, it } from "vitest";
import { configFileFor, installPlugin, PLUGIN_PATH, TUI_PLUGIN_PATH } from "../../../scripts/install-plugin";
import { tempDir } from "../../helpers/server";

const read = (f: string) => parse(fs.readFileSync(f, "utf8"), [], { allowTrailingComma: true });

describe("installPlugin", () => {
  it("creates the global config with the entry, then leaves it unchanged", () => {
    const home = tempDir("inst-home-");
    const env = { XDG_CONFIG_HOME: path.join(home, "cfg") };
    const first = installPlugin({ env });
    expect(first).toMatchObject({ action: "added", changed: true, file: path.join(home, "cfg", "opencode", "opencode.json") });
    expect(read(first.file).plugin).toEqual([PLUGIN_PATH]);
    expect(installPlugin({ env })).toMatchObject({ action: "unchanged", changed: false });
    expect(read(first.file).plugin).toEqual([PLUGIN_PATH]);
  });

  it("keeps other plugins and comments of a project's opencode.jsonc, and updates options in place", () => {
    const dir = tempDir("inst-proj-");
    const file = path.join(dir, "opencode.jsonc");
    fs.writeFileSync(file, '{\n  // my model\n  "model": "x/y",\n  "plugin": ["other-plugin"],\n}\n');
    expect(configFileFor({ project: dir })).toBe(file);
    expect(installPlugin({ target: { project: dir } }).action).toBe("added");
    const withOptions = installPlugin({ target: { project: dir }, options: { url: "http://127.0.0.1:9999" } });
    expect(withOptions.action).toBe("updated");
    const text = fs.readFileSync(file, "utf8");
    expect(text).toContain("// my model");
    expect(read(file).plugin).toEqual(["other-plugin", [PLUGIN_PATH, { url: "http://127.0.0.1:9999" }]]);
    expect(installPlugin({ target: { project: dir }, uninstall: true }).action).toBe("removed");
    expect(read(file).plugin).toEqual(["other-plugin"]);
    expect(installPlugin({ target: { project: dir }, uninstall: true }).action).toBe("absent");
  });

  it("recognizes an existing entry written as a file URL", () => {
    const dir = tempDir("inst-url-");
    const file = path.join(dir, "opencode.json");
    fs.writeFileSync(file, JSON.stringify({ plugin: [`file://${PLUGIN_PATH}`] }));
    expect(installPlugin({ target: { config: file } }).action).toBe("updated");
    expect(read(file).plugin).toEqual([PLUGIN_PATH]);
  });

  it("refuses a config that is not a JSON object", () => {
    const dir = tempDir("inst-bad-");
    const file = path.join(dir, "opencode.json");
    fs.writeFileSync(file, "[1, 2");
    expect(() => installPlugin({ target: { config: file } })).toThrow(/not a valid JSON/);
    expect(fs.readFileSync(file, "utf8")).toBe("[1, 2");
  });
});

describe("installPlugin and the TUI plugin", () => {
  it("writes the TUI plugin into tui.json beside the config, keeps its other entries, and removes it on uninstall", () => {
    const home = tempDir("inst-tui-");
    const env = { XDG_CONFIG_HOME: path.join(home, "cfg") };
    const tuiFile = path.join(home, "cfg", "opencode", "tui.json");
    const first = installPlugin({ env });
    expect(first.tui).toMatchObject({ action: "added", file: tuiFile });
    expect(read(tuiFile)).toMatchObject({ $schema: "https://opencode.ai/tui.json", plugin: [TUI_PLUGIN_PATH] });
    expect(installPlugin({ env }).tui?.action).toBe("unchanged");

    fs.writeFileSync(tuiFile, JSON.stringify({ theme: "nord", plugin: ["other-tui", TUI_PLUGIN_PATH] }));
    expect(installPlugin({ env, options: { url: "http://127.0.0.1:9999" } }).tui?.action).toBe("updated");
    expect(read(tuiFile)).toMatchObject({ theme: "nord", plugin: ["other-tui", [TUI_PLUGIN_PATH, { url: "http://127.0.0.1:9999" }]] });
    expect(installPlugin({ env, uninstall: true }).tui?.action).toBe("removed");
    expect(read(tuiFile).plugin).toEqual(["other-tui"]);
  });
});
