import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../cli/run";
import { startServer, tempDir, type TestServer } from "../helpers/server";

/** `recollect consolidate`, `distill`, `inbox` and `blockers` against a really started server. */
let server: TestServer;
let env: Record<string, string>;
let project: string;

beforeAll(async () => {
  server = await startServer();
  const home = tempDir("recollect-home-");
  project = tempDir("recollect-cli-consolidate-");
  execFileSync("git", ["-C", project, "init", "-q"]);
  env = {
    RECOLLECT_URL: server.url,
    RECOLLECT_DATA_DIR: server.dataDir,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, ".config"),
    XDG_DATA_HOME: path.join(home, ".local", "share"),
    RECOLLECT_TOKEN: "",
    OPENCODE_DB: "",
  };
});
afterAll(async () => server?.stop());

const cli = (args: string[]) => runCli(args, { env, cwd: project });
const remember = async (content: string, category: string) =>
  ((await (await server.api("/api/memories", { method: "POST", json: { content, category, directory: project } })).json()) as { id: string }).id;

describe("recollect consolidate, inbox, distill, blockers", { timeout: 180_000 }, () => {
  it("proposes (dry run, then for real), lists the inbox, approves, undoes", async () => {
    const older = await remember("The session cache uses Memcached.", "decision");
    const newer = await remember("We switched from Memcached to Redis for the session cache.", "decision");

    const dry = await cli(["consolidate", "--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("Dry run: nothing stored.");
    expect(dry.stdout).toContain(`supersede: The newer memory replaces it: it says "Memcached" was replaced. [${newer}, ${older}]`);

    const real = await cli(["consolidate", "--json"]);
    expect(real.code).toBe(0);
    expect(real.json()).toMatchObject({ created: 1, found: { supersede: 1 } });

    const list = await cli(["inbox"]);
    expect(list.stdout).toMatch(/^1 to review/);
    const proposalId = list.stdout.split("\n")[1]!.split(/\s+/)[0]!;
    expect((await cli(["inbox", "approve", proposalId])).stdout).toContain("Approved 1.");
    expect(((await (await server.api(`/api/memories/${older}`)).json()) as { status: string }).status).toBe("superseded");
    expect((await cli(["inbox", "undo"])).stdout).toContain("Undid approve");
    expect(((await (await server.api(`/api/memories/${older}`)).json()) as { status: string }).status).toBe("active");

    const distill = await cli(["distill", "--dry-run"]);
    expect(distill.code).toBe(0);
    expect(distill.stdout).toMatch(/^0 recurring procedure/);
  });

  it("resolves and reopens a blocker, and refuses a memory that is not one", async () => {
    const blocker = await remember("Blocked on the staging VPN certificate.", "blocker");
    const resolved = await cli(["blockers", "resolve", blocker, "--note", "renewed"]);
    expect(resolved.code).toBe(0);
    expect(resolved.stdout).toContain(`Resolved ${blocker}`);
    expect((await cli(["blockers", "unresolve", blocker])).stdout).toContain(`Reopened ${blocker}`);
    const fact = await remember("The VPN gateway runs WireGuard.", "fact");
    const refused = await cli(["blockers", "resolve", fact]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("not a blocker");
  });
});
