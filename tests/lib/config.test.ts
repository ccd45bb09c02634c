import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_PORT, loadConfig } from "../../lib/config";
import { tempDir } from "../helpers/server";

describe("loadConfig", () => {
  it("uses the documented defaults", () => {
    const { config, sources, dataDir } = loadConfig({ env: { XDG_CONFIG_HOME: tempDir(), XDG_DATA_HOME: "/x/data" } });
    expect(config.server).toMatchObject({ host: "127.0.0.1", port: DEFAULT_PORT });
    expect(dataDir).toBe("/x/data/recollect");
    expect(sources["server.port"]).toBe("default");
  });

  it("layers the user file < environment and says where each value came from", () => {
    const home = tempDir();
    fs.mkdirSync(path.join(home, "recollect"));
    fs.writeFileSync(
      path.join(home, "recollect", "config.jsonc"),
      `{ // user\n "server": { "port": 9000 }, "search": { "defaultLimit": 7, }, "injection": { "bogus": 1 }, }`,
    );
    const { config, sources, warnings } = loadConfig({
      env: { XDG_CONFIG_HOME: home, RECOLLECT_EMBEDDING_PROVIDER: "none", RECOLLECT_DATA_DIR: "/d" },
    });
    expect(config.server.port).toBe(9000);
    expect(sources["server.port"]).toMatch(/^file:.*config\.jsonc$/);
    expect(config.search.defaultLimit).toBe(7);
    expect(config.embedding.provider).toBe("none");
    expect(sources["embedding.provider"]).toBe("env:RECOLLECT_EMBEDDING_PROVIDER");
    expect(warnings.some((w) => w.includes('unknown key "injection.bogus"'))).toBe(true);
  });

  it("reports a bad value and falls back to the default", () => {
    const { config, warnings } = loadConfig({ env: { XDG_CONFIG_HOME: tempDir(), RECOLLECT_PORT: "not-a-port" } });
    expect(config.server.port).toBe(DEFAULT_PORT);
    expect(warnings.join("\n")).toMatch(/server\.port/);
  });
});
