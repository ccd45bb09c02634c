import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { guardLoopTool, LoopDenied, loopShellEnv } from "../../../plugin/loops/guard";
import { forwardLoopEvent, loopRegistry, loopSessionFor } from "../../../plugin/loops/registry";
import { checkDocker } from "../../../plugin/loops/sandbox";
import { DEFAULT_BLOCKED_TOOLS, loopSettings, modelRef } from "../../../plugin/loops/settings";

const reg = loopRegistry();
afterEach(() => {
  reg.sessions.clear();
  reg.notLoop.clear();
  reg.drivers.clear();
});

describe("loop session guard", () => {
  const guard = (tool: string, sessionID: string, args: Record<string, unknown>) => {
    const output = { args: { ...args } };
    guardLoopTool({ tool, sessionID }, output, DEFAULT_BLOCKED_TOOLS, "docker");
    return output.args;
  };

  it("leaves sessions outside loops alone", () => {
    expect(guard("bash", "ses_plain", { command: "git push origin main" })).toEqual({ command: "git push origin main" });
    expect(guard("question", "ses_plain", {})).toEqual({});
  });

  it("denies git push (any spelling) and the blocked tools in a loop session", () => {
    reg.sessions.set("ses_loop", { loopId: "loop_1", kind: "code", repoDir: "/r" });
    for (const command of [
      "git push",
      "git push origin HEAD",
      "cd x && git push",
      "git -c a=b push --force",
      "npm test; git push",
      "/usr/bin/git -C . push",
      "(git push)",
      "git send-pack ../remote.git HEAD",
    ])
      expect(() => guard("bash", "ses_loop", { command }), command).toThrow(/git push is denied/);
    for (const command of ["git status && echo pushed", 'git commit -m "push it"', "git log --grep push", "echo git push"])
      expect(guard("bash", "ses_loop", { command }), command).toEqual({ command });
    for (const tool of ["question", "memory_loop", "memory_loop_cancel", "plan_execute"]) expect(() => guard(tool, "ses_loop", {})).toThrow(LoopDenied);
  });

  it("gives a loop session's shell a git configuration under which every push fails locally and fetches work", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "loop-push-"));
    const git = (cwd: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
      spawnSync("git", args, { cwd, env: { ...env, GIT_TERMINAL_PROMPT: "0" }, encoding: "utf8" });
    try {
      execFileSync("git", ["init", "-q", "--bare", "remote.git"], { cwd: dir });
      execFileSync("git", ["init", "-q", "work"], { cwd: dir });
      const work = path.join(dir, "work");
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x"], { cwd: work });
      execFileSync("git", ["remote", "add", "origin", path.join(dir, "remote.git")], { cwd: work });
      execFileSync("git", ["config", "alias.p", "push"], { cwd: work });

      const plain: Record<string, string> = {};
      loopShellEnv("ses_plain", plain);
      expect(plain).toEqual({});

      reg.sessions.set("ses_loop", { loopId: "loop_1", kind: "code", repoDir: "/r" });
      // An entry already in the environment stays, and the loop's come after it.
      const env: Record<string, string> = {};
      const inherited = { ...process.env, GIT_CONFIG_COUNT: "1", GIT_CONFIG_KEY_0: "user.name", GIT_CONFIG_VALUE_0: "Loop" };
      loopShellEnv("ses_loop", env, inherited);
      expect(env.GIT_CONFIG_COUNT).toBe("3");
      const shell = { ...inherited, ...env };
      for (const args of [
        ["push", "origin", "HEAD:main"],
        ["p", "origin", "HEAD:main"],
        ["push", path.join(dir, "remote.git"), "HEAD:main"],
        ["push", `file://${path.join(dir, "remote.git")}`, "HEAD:main"],
      ]) {
        const r = git(work, args, shell);
        expect(r.status, args.join(" ")).not.toBe(0);
        expect(r.stderr).toMatch(/remote-recollect-loop-no-push/);
      }
      const viaShell = spawnSync("bash", ["-c", "git push origin HEAD:main"], { cwd: work, env: shell, encoding: "utf8" });
      expect(viaShell.status).not.toBe(0);
      expect(git(work, ["config", "user.name"], shell).stdout.trim()).toBe("Loop");
      expect(git(path.join(dir, "remote.git"), ["branch", "--list"]).stdout.trim()).toBe("");
      expect(git(work, ["fetch", "origin"], shell).status).toBe(0);
      // Without it, the same push goes through: the test can fail.
      expect(git(work, ["push", "origin", "HEAD:main"]).status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("routes bash of a sandboxed loop through docker exec with /workspace paths; git and the host's glob/grep refused", () => {
    reg.sessions.set("ses_box", { loopId: "loop_2", kind: "code", repoDir: "/r", container: "recollect-loop-x", hostDir: "/wt/x" });
    expect(guard("bash", "ses_box", { command: "cat /wt/x/a.txt | wc -l", description: "d" })).toEqual({
      command: "docker exec -w /workspace recollect-loop-x sh -c 'cat /workspace/a.txt | wc -l'",
      description: "d",
    });
    expect(guard("bash", "ses_box", { command: "echo 'it''s'" }).command).toBe(
      `docker exec -w /workspace recollect-loop-x sh -c 'echo '\\''it'\\'''\\''s'\\'''`,
    );
    expect(() => guard("bash", "ses_box", { command: "git log" })).toThrow(/git is blocked inside the loop's sandbox/);
    expect(() => guard("glob", "ses_box", { pattern: "*.ts" })).toThrow(/sandbox_glob/);
    expect(() => guard("grep", "ses_box", { pattern: "x" })).toThrow(/sandbox_grep/);
    expect(guard("read", "ses_box", { filePath: "/wt/x/a.txt" })).toEqual({ filePath: "/wt/x/a.txt" });
  });

  it("forwards a loop session's events to its driver; the prompt's own parts are no progress", () => {
    const seen: string[] = [];
    reg.sessions.set("ses_e", { loopId: "loop_e", kind: "audit", repoDir: "/r" });
    reg.drivers.set("loop_e", { onSessionEvent: (sid, type) => seen.push(`${sid}:${type}`), cancel: async () => {} });
    forwardLoopEvent({ type: "message.updated", properties: { info: { id: "msg_user", sessionID: "ses_e", role: "user" } } });
    forwardLoopEvent({ type: "message.part.updated", properties: { part: { sessionID: "ses_e", messageID: "msg_user", type: "text" } } });
    forwardLoopEvent({ type: "message.part.updated", properties: { part: { sessionID: "ses_e", messageID: "msg_ai", type: "text" } } });
    forwardLoopEvent({ type: "session.idle", properties: { sessionID: "ses_e" } });
    forwardLoopEvent({ type: "session.idle", properties: { sessionID: "ses_other" } });
    expect(seen).toEqual(["ses_e:progress", "ses_e:idle"]);
  });

  it("guards a loop session's sub-agents (the task tool) as the loop session: pushes refused, bash in the sandbox; their progress is the loop's, their idle is not", () => {
    const seen: string[] = [];
    reg.sessions.set("ses_box", { loopId: "loop_s", kind: "code", repoDir: "/r", container: "recollect-loop-s", hostDir: "/wt/s" });
    reg.drivers.set("loop_s", { onSessionEvent: (sid, type) => seen.push(`${sid}:${type}`), cancel: async () => {} });
    forwardLoopEvent({ type: "session.created", properties: { info: { id: "ses_sub", parentID: "ses_box" } } });
    forwardLoopEvent({ type: "session.created", properties: { info: { id: "ses_subsub", parentID: "ses_sub" } } });
    forwardLoopEvent({ type: "session.created", properties: { info: { id: "ses_elsewhere", parentID: "ses_plain" } } });
    for (const sub of ["ses_sub", "ses_subsub"]) {
      expect(() => guard("bash", sub, { command: "git push" })).toThrow(/git push is denied/);
      expect(guard("bash", sub, { command: "ls /wt/s" }).command).toBe("docker exec -w /workspace recollect-loop-s sh -c 'ls /workspace'");
    }
    expect(guard("bash", "ses_elsewhere", { command: "git push" })).toEqual({ command: "git push" });
    forwardLoopEvent({ type: "message.part.updated", properties: { part: { sessionID: "ses_subsub", messageID: "msg_sub", type: "tool" } } });
    forwardLoopEvent({ type: "session.idle", properties: { sessionID: "ses_sub" } });
    expect(seen).toEqual(["ses_box:progress"]);
  });
});

describe("a sub-agent's first tool call before its session.created", () => {
  it("looks its ancestors up once, guards it as the loop session, and remembers sessions outside loops", async () => {
    reg.sessions.set("ses_loop", { loopId: "loop_p", kind: "code", repoDir: "/r" });
    reg.drivers.set("loop_p", { onSessionEvent: () => {}, cancel: async () => {} });
    const parents: Record<string, string | undefined> = { ses_sub: "ses_mid", ses_mid: "ses_loop", ses_plain: undefined, ses_child: "ses_plain" };
    const asked: string[] = [];
    const parentOf = async (id: string) => {
      asked.push(id);
      return parents[id];
    };
    // Two levels down, neither created event handled yet.
    expect(await loopSessionFor("ses_sub", parentOf)).toMatchObject({ loopId: "loop_p", parent: "ses_loop" });
    expect(reg.sessions.get("ses_mid")).toMatchObject({ loopId: "loop_p", parent: "ses_loop" });
    const output = { args: { command: "git push" } as Record<string, unknown> };
    expect(() => guardLoopTool({ tool: "bash", sessionID: "ses_sub" }, output, DEFAULT_BLOCKED_TOOLS, "docker")).toThrow(/git push is denied/);
    expect(asked).toEqual(["ses_sub", "ses_mid"]);
    // Outside loops: asked once, remembered with its ancestors.
    expect(await loopSessionFor("ses_child", parentOf)).toBeUndefined();
    expect(await loopSessionFor("ses_child", parentOf)).toBeUndefined();
    expect(await loopSessionFor("ses_plain", parentOf)).toBeUndefined();
    expect(asked).toEqual(["ses_sub", "ses_mid", "ses_child", "ses_plain"]);
    // A lookup that fails is not remembered; the created event still registers the sub-agent.
    const failing = async () => {
      throw new Error("no answer");
    };
    expect(await loopSessionFor("ses_late", failing)).toBeUndefined();
    expect(reg.notLoop.has("ses_late")).toBe(false);
    forwardLoopEvent({ type: "session.created", properties: { info: { id: "ses_late", parentID: "ses_loop" } } });
    expect(await loopSessionFor("ses_late", failing)).toMatchObject({ loopId: "loop_p" });
    // With no loop running nothing is looked up.
    reg.drivers.clear();
    expect(await loopSessionFor("ses_other", parentOf)).toBeUndefined();
    expect(asked).not.toContain("ses_other");
  });
});

describe("loop settings and docker check", () => {
  it("reads nested and dotted options with their defaults", () => {
    const s = loopSettings(
      { loops: { coderAgent: "builder", stallTimeoutMs: 500, sandbox: { mode: "docker", image: "img:1" } }, "loops.auditorAgent": "reviewer" },
      "/data",
      {},
    );
    expect(s).toMatchObject({
      coderAgent: "builder",
      auditorAgent: "reviewer",
      stallTimeoutMs: 500,
      maxStalls: 5,
      worktreesDir: "/data/worktrees",
      sandbox: { mode: "docker", image: "img:1", docker: "docker" },
    });
    expect(loopSettings({}, "/d", {})).toMatchObject({
      coderAgent: "code",
      auditorAgent: "auditor",
      stallTimeoutMs: 60_000,
      maxConsecutiveErrors: 3,
      sandbox: { mode: "none" },
    });
    expect(modelRef("anthropic/claude-x")).toEqual({ providerID: "anthropic", modelID: "claude-x" });
    expect(modelRef("nope")).toBeUndefined();
  });

  it("refuses sandbox mode clearly when docker is missing or its engine fails", async () => {
    expect(await checkDocker("/nonexistent/docker")).toMatch(/needs Docker, and "\/nonexistent\/docker" was not found on PATH/);
    expect(await checkDocker("false")).toMatch(/needs a running Docker engine/);
  });
});
