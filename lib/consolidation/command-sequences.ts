import { skillMarkdown } from "./skill-file";
import zlib from "node:zlib";
import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import type { OpenCodeMessage } from "../contracts/checkpoints";
import { targetOf } from "../checkpoints/errors";
import { toTimeline } from "../checkpoints/timeline";
import type { Slicer } from "./slicer";
import type { Candidate } from "./types";

/** A recurring run of commands has at least this many steps, at most MAX_STEPS. */
const MIN_STEPS = 3;
const MAX_STEPS = 6;
/** Sessions read per project (the latest checkpoint of each of the most recent sessions). */
const MAX_SESSIONS = 200;
/** Skills proposed per project and run from command sequences. */
const MAX_SKILLS = 5;

/**
 * What identifies a command across sessions: its first words up to the first option, path or
 * quoted text, at most three (`npm test -- tests/x` -> `npm test`, `git commit -m "..."` ->
 * `git commit`, `npm run build` stays).
 */
export function commandKey(command: string): string {
  const words: string[] = [];
  for (const w of command.trim().split(/\s+/)) {
    if (words.length >= 3 || (words.length >= 1 && /^-|[/.="'`$]/.test(w))) break;
    words.push(w);
  }
  return words.join(" ");
}

export interface SessionCommands {
  sessionId: string;
  checkpointId: string;
  /** The shell commands run, in order (the same command run again at once counted once). */
  commands: string[];
}

/** The shell commands of each session's latest checkpoint of a project (its whole history up to then). */
export async function sessionCommands(ctx: Ctx, projectId: string, slicer: Slicer): Promise<SessionCommands[]> {
  const rows = prepared(
    ctx.sqlite,
    `SELECT c.id, c.session_id, c.raw_messages FROM checkpoints c
     WHERE c.project_id = ? AND c.created_at = (SELECT max(x.created_at) FROM checkpoints x WHERE x.session_id = c.session_id AND x.project_id = c.project_id)
     ORDER BY c.created_at DESC LIMIT ${MAX_SESSIONS}`,
  ).all(projectId) as { id: string; session_id: string; raw_messages: Buffer }[];
  const out: SessionCommands[] = [];
  for (const r of rows) {
    let messages: OpenCodeMessage[];
    try {
      messages = JSON.parse(zlib.gunzipSync(r.raw_messages).toString("utf8")) as OpenCodeMessage[];
    } catch {
      continue;
    }
    const commands: string[] = [];
    for (const turn of toTimeline(messages))
      for (const call of turn.tools) {
        if (call.tool !== "bash") continue;
        const command = targetOf(call);
        if (command && commands[commands.length - 1] !== command) commands.push(command);
      }
    out.push({ sessionId: r.session_id, checkpointId: r.id, commands });
    if (slicer.due()) await slicer.pause();
  }
  return out;
}

/**
 * Runs of commands (by `commandKey`) that recur in at least `minSessions` sessions, longest
 * first; a run inside one already taken is left out. Each is proposed as a skill: the commands
 * as the latest session ran them (sessions come newest first), and the checkpoints they came from.
 */
export function recurringSequences(
  sessions: readonly SessionCommands[],
  minSessions: number,
): { keys: string[]; commands: string[]; sessions: string[]; checkpoints: string[] }[] {
  const seen = new Map<string, { keys: string[]; commands: string[]; sessions: Set<string>; checkpoints: Set<string> }>();
  for (const s of sessions) {
    const keys = s.commands.map(commandKey);
    for (let len = MIN_STEPS; len <= MAX_STEPS; len++)
      for (let i = 0; i + len <= keys.length; i++) {
        const run = keys.slice(i, i + len);
        // A run of one command repeated says nothing of a procedure.
        if (new Set(run).size < MIN_STEPS) continue;
        const id = run.join("\n");
        let entry = seen.get(id);
        if (!entry) seen.set(id, (entry = { keys: run, commands: s.commands.slice(i, i + len), sessions: new Set(), checkpoints: new Set() }));
        entry.sessions.add(s.sessionId);
        entry.checkpoints.add(s.checkpointId);
      }
  }
  const recurring = [...seen.values()]
    .filter((e) => e.sessions.size >= minSessions)
    .sort((a, b) => b.keys.length - a.keys.length || b.sessions.size - a.sessions.size || (a.keys.join() < b.keys.join() ? -1 : 1));
  const taken: typeof recurring = [];
  for (const e of recurring) {
    const inside = taken.some((t) => t.keys.join("\n").includes(e.keys.join("\n")));
    if (!inside) taken.push(e);
    if (taken.length >= MAX_SKILLS) break;
  }
  return taken.map((e) => ({ keys: e.keys, commands: e.commands, sessions: [...e.sessions].sort(), checkpoints: [...e.checkpoints].sort() }));
}

/** A skill proposal for a recurring command sequence (nothing is written until it is approved). */
export function sequenceSkill(
  projectId: string,
  seq: { keys: string[]; commands: string[]; sessions: string[]; checkpoints: string[] },
  name: string,
): Candidate {
  const summary = `Run ${seq.keys.join(", then ")}`;
  const text = skillMarkdown({
    name,
    summary,
    description: `${summary} (a command sequence that recurred in ${seq.sessions.length} sessions; distilled by Recollect).`,
    intro: `These commands were run in this order in ${seq.sessions.length} sessions of this project. Check each against the repository before running it.`,
    steps: seq.keys.map((k) => `\`${k}\``),
    commands: seq.commands,
    sources: seq.checkpoints.map((c) => `recollect checkpoint \`${c}\``),
  });
  return {
    kind: "skill",
    variant: name,
    projectId,
    memoryIds: [],
    reason: `The same ${seq.keys.length} commands ran in this order in ${seq.sessions.length} sessions: proposed as the skill "${name}".`,
    evidence: { name, sessions: seq.sessions.length, path: `.opencode/skills/${name}/SKILL.md`, commands: seq.keys, checkpoints: seq.checkpoints },
    suggestion: text,
  };
}
