import { describe, expect, it } from "vitest";
import { Breaker } from "../../../plugin/breaker";
import { resolveSettings } from "../../../plugin/options";

describe("Breaker", () => {
  it("opens after consecutive failures, lets one probe through after the cooldown, closes on success", () => {
    let now = 0;
    const b = new Breaker(3, 1000, () => now);
    b.failure();
    b.failure();
    expect(b.allow()).toBe(true);
    b.failure();
    expect(b.state).toBe("open");
    expect(b.allow()).toBe(false);
    now = 1000;
    expect(b.state).toBe("half-open");
    expect(b.allow()).toBe(true);
    expect(b.allow()).toBe(false); // one probe at a time
    b.failure();
    expect(b.state).toBe("open");
    now = 2000;
    expect(b.allow()).toBe(true);
    b.success();
    expect(b.state).toBe("closed");
  });

  it("trips at once on a refused connection", () => {
    const b = new Breaker(3, 1000, () => 0);
    b.trip();
    expect(b.allow()).toBe(false);
  });
});

describe("resolveSettings", () => {
  it("defaults to 127.0.0.1:7731 and the XDG data dir", () => {
    const s = resolveSettings({}, { XDG_DATA_HOME: "/x/data", XDG_CONFIG_HOME: "/nonexistent" });
    expect(s.url).toBe("http://127.0.0.1:7731");
    expect(s.dataDir).toBe("/x/data/recollect");
    expect(s.turnTimeoutMs).toBe(300);
    expect(s.autoStart).toBe(true);
  });

  it("uses RECOLLECT_HOST/PORT, then RECOLLECT_URL, then plugin options", () => {
    const env = { RECOLLECT_HOST: "::1", RECOLLECT_PORT: "8000", RECOLLECT_DATA_DIR: "/d", XDG_CONFIG_HOME: "/nonexistent" };
    expect(resolveSettings({}, env).url).toBe("http://[::1]:8000");
    expect(resolveSettings({}, { ...env, RECOLLECT_URL: "http://127.0.0.1:9/" }).url).toBe("http://127.0.0.1:9");
    const s = resolveSettings({ url: "http://localhost:5", timeoutMs: 100, autoStart: false, recall: false }, { ...env, RECOLLECT_URL: "http://127.0.0.1:9" });
    expect(s).toMatchObject({ url: "http://localhost:5", turnTimeoutMs: 100, autoStart: false, recall: false, dataDir: "/d" });
  });

  it("reads server.host/port from the user's Recollect config file", async () => {
    const { tempDir } = await import("../../helpers/server");
    const fs = await import("node:fs");
    const cfg = tempDir("plugin-cfg-");
    fs.mkdirSync(`${cfg}/recollect`);
    fs.writeFileSync(`${cfg}/recollect/config.jsonc`, '{\n  // port\n  "server": { "port": 7800, /* "host": "x", */ "host": "127.0.0.2" },\n}\n');
    expect(resolveSettings({}, { XDG_CONFIG_HOME: cfg }).url).toBe("http://127.0.0.2:7800");
    // Read as the server reads it (jsonc-parser): a comment inside a string is text, and a file of
    // blank lines and unclosed comments is read in linear time.
    fs.writeFileSync(`${cfg}/recollect/config.jsonc`, '{ "server": { "host": "::1", "port": 7801 }, "x": "/* not a comment" }\n');
    expect(resolveSettings({}, { XDG_CONFIG_HOME: cfg }).url).toBe("http://[::1]:7801");
    // A file with an error is ignored, as the server ignores it (which then listens on the default port).
    fs.writeFileSync(`${cfg}/recollect/config.jsonc`, '{"server":{"port":7800} "x":1}');
    expect(resolveSettings({}, { XDG_CONFIG_HOME: cfg }).url).toBe("http://127.0.0.1:7731");
    fs.writeFileSync(`${cfg}/recollect/config.jsonc`, `${"\n".repeat(200_000)}${"/*".repeat(100_000)}`);
    expect(resolveSettings({}, { XDG_CONFIG_HOME: cfg }).url).toBe("http://127.0.0.1:7731");
  });

  it("finds the server where the server's own configuration puts it (both files, its variables, values it refuses)", async () => {
    const { tempDir } = await import("../../helpers/server");
    const { loadConfig } = await import("../../../lib/config");
    const fs = await import("node:fs");
    const cfg = tempDir("plugin-cfg-layers-");
    fs.mkdirSync(`${cfg}/recollect`);
    const extra = `${cfg}/extra.jsonc`;
    const cases: { user?: string; extra?: string; env?: Record<string, string> }[] = [
      { extra: '{"server":{"port":7802,"host":"127.0.0.3"}}' },
      { extra: '{"server":{"port":7802,"host":"127.0.0.3"}}', user: '{"server":{"port":7803}}' },
      { extra: '{"server":{"port":7802}}', user: '{"server":{"port":7803} oops}' },
      { user: '{"server":{"port":70000,"host":"127.0.0.4"}}' },
      { user: '{"server":{"port":7804.5}}' },
      { user: "[1, 2]" },
      { user: '{"server":{"port":7805}}', env: { RECOLLECT_SERVER_PORT: "7806", RECOLLECT_PORT: "7807" } },
      { user: '{"server":{"host":"127.0.0.5"}}', env: { RECOLLECT_PORT: "7807", RECOLLECT_SERVER_HOST: "127.0.0.6" } },
    ];
    for (const c of cases) {
      fs.rmSync(`${cfg}/recollect/config.jsonc`, { force: true });
      fs.rmSync(extra, { force: true });
      if (c.user !== undefined) fs.writeFileSync(`${cfg}/recollect/config.jsonc`, c.user);
      if (c.extra !== undefined) fs.writeFileSync(extra, c.extra);
      const env = { XDG_CONFIG_HOME: cfg, RECOLLECT_DATA_DIR: cfg, ...(c.extra !== undefined ? { RECOLLECT_CONFIG: extra } : {}), ...c.env };
      const { host, port } = loadConfig({ env }).config.server;
      expect(resolveSettings({}, env).url, JSON.stringify(c)).toBe(`http://${host}:${port}`);
    }
  });

  it("ignores invalid numbers and splits RECOLLECT_START_COMMAND", () => {
    const s = resolveSettings({ timeoutMs: "abc" }, { RECOLLECT_START_COMMAND: "recollect start --quiet", XDG_CONFIG_HOME: "/nonexistent" });
    expect(s.turnTimeoutMs).toBe(300);
    expect(s.startCommand).toEqual(["recollect", "start", "--quiet"]);
  });
});
