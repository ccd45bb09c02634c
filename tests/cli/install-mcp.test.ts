import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./run";
import { tempDir } from "../helpers/server";

/** `recollect install-mcp --client <name>`: the entry each client reads, written once, removed cleanly, no token in it. */
describe("recollect install-mcp", () => {
  const setup = () => {
    const home = tempDir("recollect-mcp-home-");
    const dataDir = tempDir("recollect-mcp-data-");
    const env = {
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, ".config"),
      RECOLLECT_DATA_DIR: dataDir,
      RECOLLECT_URL: "http://127.0.0.1:7799",
      CODEX_HOME: "",
    };
    return { home, dataDir, env };
  };

  it("opencode: a remote entry reading the token from the data dir, keeping comments; idempotent; uninstall", async () => {
    const { home, dataDir, env } = setup();
    const file = path.join(home, ".config", "opencode", "opencode.json");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{\n  // mine\n  "model": "x/y"\n}\n');
    const added = await runCli(["install-mcp", "--client", "opencode", "--json"], { env });
    expect(added.json()).toMatchObject({ client: "opencode", action: "added", file });
    const text = fs.readFileSync(file, "utf8");
    expect(text).toContain("// mine");
    const { mcp } = JSON.parse(text.replace("// mine\n", ""));
    expect(mcp.memory).toEqual({
      type: "remote",
      url: "http://127.0.0.1:7799/mcp",
      enabled: true,
      headers: { Authorization: `Bearer {file:${path.join(dataDir, "token")}}` },
    });
    expect((await runCli(["install-mcp", "--client", "opencode", "--json"], { env })).json().action).toBe("unchanged");
    expect((await runCli(["install-mcp", "--client", "opencode", "--uninstall", "--json"], { env })).json().action).toBe("removed");
    expect(fs.readFileSync(file, "utf8")).not.toContain("memory");
  });

  it("cursor and claude: a stdio entry running `recollect mcp` in ~/.cursor/mcp.json and ~/.claude.json", async () => {
    const { home, env } = setup();
    fs.writeFileSync(path.join(home, ".claude.json"), JSON.stringify({ numStartups: 3, mcpServers: { other: { command: "x" } } }));
    for (const client of ["cursor", "claude"]) expect((await runCli(["install-mcp", "--client", client, "--json"], { env })).json().action).toBe("added");
    const cursor = JSON.parse(fs.readFileSync(path.join(home, ".cursor", "mcp.json"), "utf8"));
    expect(cursor.mcpServers.memory.args.slice(-1)).toEqual(["mcp"]);
    expect(cursor.mcpServers.memory.args[0]).toMatch(/cli\/recollect\.mjs$/);
    const claude = JSON.parse(fs.readFileSync(path.join(home, ".claude.json"), "utf8"));
    expect(claude).toMatchObject({ numStartups: 3, mcpServers: { other: { command: "x" }, memory: { type: "stdio", command: process.execPath } } });
  });

  it("codex: a [mcp_servers.memory] table in ~/.codex/config.toml, replaced not duplicated, removed alone", async () => {
    const { home, env } = setup();
    const file = path.join(home, ".codex", "config.toml");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'model = "o4"\n\n[mcp_servers.memory]\ncommand = "old"\n\n[profiles.fast]\nmodel = "x"\n');
    expect((await runCli(["install-mcp", "--client", "codex", "--json"], { env })).json().action).toBe("updated");
    let text = fs.readFileSync(file, "utf8");
    expect(text.match(/\[mcp_servers\.memory\]/g)).toHaveLength(1);
    expect(text).toContain(`command = ${JSON.stringify(process.execPath)}`);
    expect(text).toMatch(/args = \[".*cli\/recollect\.mjs", "mcp"\]/);
    expect(text).toContain('[profiles.fast]\nmodel = "x"');
    expect((await runCli(["install-mcp", "--client", "codex", "--json"], { env })).json().action).toBe("unchanged");
    expect((await runCli(["install-mcp", "--client", "codex", "--uninstall", "--json"], { env })).json().action).toBe("removed");
    text = fs.readFileSync(file, "utf8");
    expect(text).not.toContain("mcp_servers");
    expect(text).toContain('model = "o4"');
    expect(text).toContain("[profiles.fast]");
  });

  it("an unknown client is a usage error", async () => {
    const { env } = setup();
    const res = await runCli(["install-mcp", "--client", "zed"], { env });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain("--client");
  });
});
