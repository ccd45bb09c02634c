import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { captureCheckpoint } from "../../../lib/checkpoints/capture";
import { commandKey } from "../../../lib/consolidation/command-sequences";
import { applyProposal } from "../../../lib/consolidation/decide";
import { distill } from "../../../lib/consolidation/distill";
import { captureCheckpointInput } from "../../../lib/contracts/checkpoints";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";

// Skills from the same run of shell commands in the checkpoints of several sessions.
let ctx: ReturnType<typeof testCtx>;
let dir: string;
beforeEach(() => {
  ctx?.close();
  ctx = testCtx();
  dir = tempDir("recollect-distill-cmd-");
  execFileSync("git", ["-C", dir, "init", "-q"]);
});
afterAll(() => ctx?.close());

let n = 0;
const bash = (command: string) => ({
  id: `prt_${++n}`,
  type: "tool",
  tool: "bash",
  callID: `call_${n}`,
  state: { status: "completed", input: { command }, output: "ok", title: "", metadata: {}, time: { start: 1, end: 2 } },
});
const text = (t: string) => ({ id: `prt_${++n}`, type: "text", text: t });
/** A session whose assistant ran these commands, captured as a checkpoint. */
function session(id: string, commands: string[]) {
  const messages = [
    { info: { id: `msg_${++n}`, sessionID: id, role: "user", time: { created: 1 } }, parts: [text("Ship the fix.")] },
    { info: { id: `msg_${++n}`, sessionID: id, role: "assistant", time: { created: 2 } }, parts: commands.map(bash) },
  ];
  captureCheckpoint(ctx, captureCheckpointInput.parse({ directory: dir, sessionID: id, trigger: "manual", suggest: false, messages }));
}

describe("distill: command sequences from checkpoints", () => {
  it("keys a command by its first words, before options, paths and quotes", () => {
    expect(commandKey("npm test -- tests/lib/kv")).toBe("npm test");
    expect(commandKey('git commit -m "fix: expiry"')).toBe("git commit");
    expect(commandKey("npm run build")).toBe("npm run build");
    expect(commandKey("npx tsc --noEmit -p .")).toBe("npx tsc");
  });

  it("proposes the same run of commands in three sessions as a skill, written only when approved; not a run seen in two", async () => {
    session("ses_1", ["npm ci", "npm run build", "npm test -- tests/a", 'git commit -m "one"', "git push"]);
    session("ses_2", ["git status", "npm run build", "npm test -- tests/b", 'git commit -m "two"', "git push", "ls"]);
    session("ses_3", ["npm run build", "npm test", 'git commit -am "three"', "git push"]);
    // Hard negative: another run, in two sessions only.
    session("ses_4", ["docker compose up -d", "npm run migrate", "npm run seed"]);
    session("ses_5", ["docker compose up -d", "npm run migrate", "npm run seed"]);

    const result = await distill(ctx, {});
    expect(result).toMatchObject({ found: 1, created: 1 });
    const p = ctx.sqlite.prepare("SELECT id, reason, evidence, suggestion FROM proposals WHERE kind = 'skill'").get() as {
      id: string;
      reason: string;
      evidence: string;
      suggestion: string;
    };
    const evidence = JSON.parse(p.evidence) as { name: string; commands: string[]; sessions: number; checkpoints: string[] };
    expect(evidence).toMatchObject({ commands: ["npm run build", "npm test", "git commit", "git push"], sessions: 3 });
    expect(evidence.checkpoints).toHaveLength(3);
    expect(p.suggestion).toMatch(new RegExp(`^---\\nname: ${evidence.name}\\ndescription: "Run npm run build, then npm test, then git commit, then git push`));
    // The commands as the latest session ran them.
    expect(p.suggestion).toContain('```sh\nnpm run build\nnpm test\ngit commit -am "three"\ngit push\n```');

    const file = path.join(dir, ".opencode", "skills", evidence.name, "SKILL.md");
    expect(fs.existsSync(file)).toBe(false);
    applyProposal(ctx, p.id);
    expect(fs.readFileSync(file, "utf8")).toBe(p.suggestion);

    // Known by its name: the next run does not propose it again.
    expect(await distill(ctx, {})).toMatchObject({ found: 1, created: 0 });
  });
});
