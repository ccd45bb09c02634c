import type { Config } from "@opencode-ai/plugin";
import { describe, expect, it } from "vitest";
import { AGENTS } from "../../../plugin/agents";
import { COMMANDS } from "../../../plugin/commands";
import { inferCategory } from "../../../plugin/commands/remember";
import { configHook } from "../../../plugin/hooks/config";
import { unquoted } from "../../../plugin/hooks/command";
import { AgentGuard, ReadOnlyRefusal } from "../../../plugin/hooks/guard";
import { resolveSettings } from "../../../plugin/options";
import { createRuntime } from "../../../plugin/runtime";
import { parseModel } from "../../../plugin/tools/plan-execute";

/** The commands, agents and guard of plugin/ without OpenCode (the real client: e2e/opencode/native.spec.ts). */

const runtime = (options: Record<string, unknown> = {}) => createRuntime(resolveSettings({ autoStart: false, ...options }, {}), "/tmp", undefined);

describe("the config hook", () => {
  it("adds every command and agent, each prompt from its file; the user's definitions win", async () => {
    const owned = new Set<string>();
    const config = {
      agent: { auditor: { model: "mine/strict" } },
      command: { recall: { template: "my recall" } },
    } as unknown as Config;
    await configHook(runtime({ auditorModel: "mock/auditor" }), owned)(config);
    for (const a of AGENTS) expect(config.agent![a.name]?.prompt?.length).toBeGreaterThan(50);
    expect(config.agent!.auditor).toMatchObject({ mode: "subagent", temperature: 0, model: "mine/strict" });
    expect(config.agent!.architect!.permission).toMatchObject({ edit: "deny", memory_plan_execute: "allow", memory_loop: "allow" });
    // The agents' own tools are hidden from every other agent's requests.
    expect(config.permission).toMatchObject({
      memory_plan_execute: "deny",
      memory_review_findings: "deny",
      memory_loop: "deny",
      sandbox_grep: "deny",
      memory_consolidate: "deny",
    });
    expect(config.agent!.librarian!.permission).toMatchObject({ memory_consolidate: "allow" });
    expect(config.agent!.auditor!.permission).toMatchObject({ memory_review_findings: "allow", memory_finding: "allow" });
    expect(config.agent!.code!.permission).toMatchObject({ memory_loop_status: "allow", sandbox_grep: "allow" });
    expect(config.command!.recall).toEqual({ template: "my recall" });
    expect(owned.has("recall")).toBe(false);
    expect([...owned].sort()).toEqual(
      COMMANDS.map((c) => c.name)
        .filter((n) => n !== "recall")
        .sort(),
    );
    expect(config.command!.review).toMatchObject({ agent: "auditor", subtask: true });
  });

  it("takes the auditor's model from auditorModel, and adds nothing when commands and agents are off", async () => {
    const config = {} as Config;
    await configHook(runtime({ auditorModel: "mock/auditor" }), new Set())(config);
    expect(config.agent!.auditor!.model).toBe("mock/auditor");
    const off = {} as Config;
    const owned = new Set<string>();
    await configHook(runtime({ commands: false, agents: false }), owned)(off);
    expect(off).toEqual({});
    expect(owned.size).toBe(0);
  });

  it("runs /review on the default agent when the bundled agents are off", async () => {
    const config = {} as Config;
    await configHook(runtime({ agents: false }), new Set())(config);
    expect(config.command!.review).toEqual({ template: expect.any(String), description: expect.any(String) });
  });
});

describe("the read-only guard", () => {
  it("refuses edits in a session whose latest message went to a read-only agent, and only there", () => {
    const guard = new AgentGuard();
    guard.noteAgent("s1", "architect");
    guard.noteAgent("s2", "code");
    expect(() => guard.check("write", "s1")).toThrow(ReadOnlyRefusal);
    expect(() => guard.check("edit", "s1")).toThrow(/architect agent is read-only/);
    expect(() => guard.check("read", "s1")).not.toThrow();
    expect(() => guard.check("write", "s2")).not.toThrow();
    guard.noteAgent("s1", "build");
    expect(() => guard.check("write", "s1")).not.toThrow();
    guard.noteAgent("s3", "auditor");
    expect(() => guard.check("patch", "s3")).toThrow(ReadOnlyRefusal);
  });
});

describe("the read-only guard's shell", () => {
  it("lets a read-only agent run the reading commands only, as plain command lines", () => {
    const guard = new AgentGuard();
    guard.noteAgent("s1", "auditor");
    guard.noteAgent("s2", "code");
    for (const command of [
      "git diff HEAD~1",
      "git log --oneline -5",
      "git show abc123",
      "git status",
      "git branch",
      "git branch --list 'feat*'",
      "ls -la src",
    ]) {
      expect(() => guard.check("bash", "s1", { command }), command).not.toThrow();
    }
    for (const command of [
      "git log --output=/tmp/x",
      "git diff --output /tmp/x",
      "git branch -D main",
      "git branch -f main HEAD~3",
      "git diff > /tmp/x",
      "git status; rm -rf .",
      "git log && git push",
      "ls $(rm -rf .)",
      "ls `touch x`",
      "git diff --ext-diff",
      "rm -rf .",
      "lsblk",
    ]) {
      expect(() => guard.check("bash", "s1", { command }), command).toThrow(ReadOnlyRefusal);
    }
    expect(() => guard.check("bash", "s2", { command: "rm -rf build" })).not.toThrow();
  });
});

describe("/remember's category", () => {
  it("takes an explicit category, infers one from the words, or asks", () => {
    expect(inferCategory("convention: tests live beside the code")).toEqual({ category: "convention", content: "tests live beside the code" });
    expect(inferCategory("Never push to main directly").category).toBe("constraint");
    expect(inferCategory("We decided to use Postgres").category).toBe("decision");
    expect(inferCategory("I prefer tabs").category).toBe("preference");
    expect(inferCategory("the orders table is large")).toEqual({ category: undefined, content: "the orders table is large" });
    // An unknown word before a colon is text, not a category.
    expect(inferCategory("note to self: x").category).toBeUndefined();
  });
});

describe("a command's arguments as `opencode run --command` passes them", () => {
  it("unwraps one pair of quotes around the whole argument (escaped quotes inside), and leaves anything else alone", () => {
    expect(unquoted('"We decided to ship one ESM bundle"')).toBe("We decided to ship one ESM bundle");
    expect(unquoted('"say \\"hi\\" first"')).toBe('say "hi" first');
    expect(unquoted('decision: use "pnpm" here')).toBe('decision: use "pnpm" here');
    expect(unquoted('"a" and "b"')).toBe('"a" and "b"');
    expect(unquoted("plain words")).toBe("plain words");
  });
});

describe("memory_plan_execute's model option", () => {
  it("parses provider/model", () => {
    expect(parseModel("mock/mock-model")).toEqual({ providerID: "mock", modelID: "mock-model" });
    expect(parseModel("openrouter/anthropic/claude")).toEqual({ providerID: "openrouter", modelID: "anthropic/claude" });
    expect(parseModel("nomodel")).toBeUndefined();
    expect(parseModel(undefined)).toBeUndefined();
  });
});
