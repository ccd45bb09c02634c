import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { currentBundle } from "../../cli/bundle.mjs";
import { ensureCliBundle, ROOT } from "../../scripts/build-if-needed";
import { HUGE_PAGES_TUNABLE, isServeCommandLine, SEMI_SPACE_MB, SERVE_SCRIPT, serveArgs, serveEnv } from "../../server/command";
import { tempDir } from "../helpers/server";
import { runCli } from "./run";

/** The bundled `recollect` (scripts/build-cli.ts): taken only while current, and writing the same paths as tsx. */
describe("the CLI bundle", { timeout: 300_000 }, () => {
  beforeAll(() => ensureCliBundle());

  it("is taken while every input keeps its size and mtime, and not once one is newer, resized or gone", () => {
    const root = tempDir("recollect-bundle-root-");
    fs.mkdirSync(path.join(root, ".git")); // a checkout: mtimes count
    fs.mkdirSync(path.join(root, "cli", ".dist"), { recursive: true });
    const input = path.join(root, "cli", "index.ts");
    fs.writeFileSync(input, "export {};\n");
    const bundle = path.join(root, "cli", ".dist", "recollect.mjs");
    fs.writeFileSync(bundle, "");
    const record = () => {
      const stat = fs.statSync(input);
      const manifest = { inputs: { "cli/index.ts": { size: stat.size, mtimeMs: stat.mtimeMs } } };
      fs.writeFileSync(path.join(root, "cli", ".dist", "manifest.json"), JSON.stringify(manifest));
    };
    record();
    expect(currentBundle(root)).toBe(bundle);

    const later = new Date(fs.statSync(input).mtimeMs + 5_000);
    fs.utimesSync(input, later, later);
    expect(currentBundle(root)).toBeUndefined();
    record();
    expect(currentBundle(root)).toBe(bundle);

    fs.writeFileSync(input, "export const edited = 1;\n");
    fs.utimesSync(input, later, later);
    expect(currentBundle(root)).toBeUndefined();

    fs.rmSync(input);
    expect(currentBundle(root)).toBeUndefined();
  });

  it("an installed package (no .git) compares sizes only: npm gives every file one old mtime", () => {
    const root = tempDir("recollect-bundle-installed-");
    fs.mkdirSync(path.join(root, "cli", ".dist"), { recursive: true });
    fs.writeFileSync(path.join(root, "cli", "index.ts"), "export {};\n");
    fs.writeFileSync(path.join(root, "cli", ".dist", "recollect.mjs"), "");
    fs.writeFileSync(path.join(root, "cli", ".dist", "manifest.json"), JSON.stringify({ inputs: { "cli/index.ts": { size: 11, mtimeMs: 1 } } }));
    expect(currentBundle(root)).toBe(path.join(root, "cli", ".dist", "recollect.mjs"));
    fs.writeFileSync(path.join(root, "cli", "index.ts"), "export const x = 1;\n");
    expect(currentBundle(root)).toBeUndefined();
  });

  it("the server is spawned with glibc's huge-pages tunable, added to the user's own tunables, never over their own hugetlb choice", () => {
    expect(serveEnv({ PATH: "/bin" })).toEqual({ PATH: "/bin", GLIBC_TUNABLES: HUGE_PAGES_TUNABLE });
    expect(serveEnv({ GLIBC_TUNABLES: "glibc.malloc.arena_max=2" }).GLIBC_TUNABLES).toBe(`glibc.malloc.arena_max=2:${HUGE_PAGES_TUNABLE}`);
    expect(serveEnv({ GLIBC_TUNABLES: "glibc.malloc.hugetlb=0" }).GLIBC_TUNABLES).toBe("glibc.malloc.hugetlb=0");
    expect(serveEnv({ GLIBC_TUNABLES: "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=2" }).GLIBC_TUNABLES).toBe(
      "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=2",
    );
    expect(serveEnv({ GLIBC_TUNABLES: "" }).GLIBC_TUNABLES).toBe(HUGE_PAGES_TUNABLE);
  });

  it("the server's front has its own bundle and manifest: serveArgs runs it while current, tsx when forced or stale", () => {
    const serve = currentBundle(ROOT, "serve");
    expect(serve).toBe(path.join(ROOT, "cli", ".dist", "serve.mjs"));
    const semiSpace = `--max-semi-space-size=${SEMI_SPACE_MB}`;
    expect(serveArgs("127.0.0.1", 7796)).toEqual([semiSpace, serve, "--hostname", "127.0.0.1", "--port", "7796"]);
    expect(serveArgs("127.0.0.1", 7796, { tsx: true })).toEqual([semiSpace, "--import", "tsx", SERVE_SCRIPT, "--hostname", "127.0.0.1", "--port", "7796"]);
    // `recollect stop` and status know the server by its command line, either way it was started.
    expect(isServeCommandLine(["node", serve!, "--port", "7796"].join("\0"))).toBe(true);
    expect(isServeCommandLine(["node", "--import", "tsx", SERVE_SCRIPT].join("\0"))).toBe(true);
    expect(isServeCommandLine(["node", path.join(ROOT, "cli", ".dist", "recollect.mjs"), "start"].join("\0"))).toBe(false);

    const root = tempDir("recollect-bundle-serve-");
    fs.mkdirSync(path.join(root, ".git"));
    fs.mkdirSync(path.join(root, "server"));
    fs.mkdirSync(path.join(root, "cli", ".dist"), { recursive: true });
    const input = path.join(root, "server", "serve.ts");
    fs.writeFileSync(input, "export {};\n");
    fs.writeFileSync(path.join(root, "cli", ".dist", "serve.mjs"), "");
    const stat = fs.statSync(input);
    fs.writeFileSync(
      path.join(root, "cli", ".dist", "serve.manifest.json"),
      JSON.stringify({ inputs: { "server/serve.ts": { size: stat.size, mtimeMs: stat.mtimeMs } } }),
    );
    expect(currentBundle(root, "serve")).toBe(path.join(root, "cli", ".dist", "serve.mjs"));
    expect(currentBundle(root)).toBeUndefined(); // the CLI's manifest is its own
    fs.writeFileSync(input, "export const edited = 1;\n");
    expect(currentBundle(root, "serve")).toBeUndefined();
  });

  it("install-mcp, install-agent and install-plugin write the same paths from the bundle as from tsx, paths that exist", async () => {
    expect(currentBundle(ROOT)).toBeDefined();
    const installAll = async (env: Record<string, string>) => {
      const home = tempDir("recollect-bundle-home-");
      const project = tempDir("recollect-bundle-project-");
      const dataDir = tempDir("recollect-bundle-data-");
      const all = {
        ...env,
        HOME: home,
        XDG_CONFIG_HOME: path.join(home, ".config"),
        RECOLLECT_DATA_DIR: dataDir,
        RECOLLECT_URL: "http://127.0.0.1:7796",
        CODEX_HOME: "",
        CLAUDE_CONFIG_DIR: "",
      };
      for (const args of [
        ["install-mcp", "--client", "cursor"],
        ["install-agent", "claude-code"],
        ["install-plugin", "--project", project],
      ]) {
        const res = await runCli([...args, "--json"], { env: all, cwd: project });
        expect(res.code, res.stderr).toBe(0);
      }
      const read = (file: string) => fs.readFileSync(file, "utf8").replaceAll(home, "<home>").replaceAll(project, "<project>").replaceAll(dataDir, "<data>");
      return {
        cursor: read(path.join(home, ".cursor", "mcp.json")),
        claude: read(path.join(home, ".claude", "settings.json")),
        opencode: read(path.join(project, "opencode.json")),
      };
    };
    const fromBundle = await installAll({});
    const fromTsx = await installAll({ RECOLLECT_CLI_TSX: "1" });
    expect(fromBundle).toEqual(fromTsx);

    const bin = path.join(ROOT, "cli", "recollect.mjs");
    expect(JSON.parse(fromBundle.cursor).mcpServers.memory.args).toEqual([bin, "mcp"]);
    expect(fromBundle.claude).toContain(path.join(ROOT, "agents", "hook.mjs"));
    expect(fromBundle.opencode).toContain(path.join(ROOT, "plugin", "index.ts"));
    for (const file of [bin, path.join(ROOT, "agents", "hook.mjs"), path.join(ROOT, "plugin", "index.ts")]) expect(fs.existsSync(file)).toBe(true);
  });
});
