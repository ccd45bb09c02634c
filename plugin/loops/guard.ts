import { loopRegistry } from "./registry";
import { runsGit, shQuote, toContainerPath, WORKSPACE } from "./sandbox";

/**
 * `tool.execute.before` for loop sessions (from any plugin instance): `git push` is denied, the
 * blocked tools (question, plan-execute, loops) refused, and in a sandboxed loop bash runs
 * through `docker exec` in the loop's container. A thrown error here is what the model sees as
 * the tool's failure.
 */
export class LoopDenied extends Error {}

export function guardLoopTool(input: { tool: string; sessionID: string }, output: { args: Record<string, unknown> }, blockedTools: string[], docker: string) {
  const info = loopRegistry().sessions.get(input.sessionID);
  if (!info) return;
  if (blockedTools.includes(input.tool)) throw new LoopDenied(`${input.tool} is not available inside a loop session: decide and go on.`);
  if (input.tool === "bash") {
    const command = String(output.args?.command ?? "");
    if (runsGitPush(command)) throw new LoopDenied("git push is denied inside a loop session: the loop keeps its work on its branch for the user to merge.");
    if (info.container) {
      if (runsGit(command)) throw new LoopDenied("git is blocked inside the loop's sandbox: the loop commits the changes itself.");
      output.args.command = `${docker} exec -w ${WORKSPACE} ${info.container} sh -c ${shQuote(toContainerPath(command, info.hostDir ?? ""))}`;
    }
  }
  if (info.container && (input.tool === "glob" || input.tool === "grep")) {
    throw new LoopDenied(`${input.tool} runs in the loop's sandbox here: use sandbox_${input.tool} instead.`);
  }
}

/**
 * Every push URL rewritten to a transport that does not exist (`git-remote-recollect-loop-no-push`),
 * so a push fails locally, before any network; `ext::` stays off so the rewritten URL can never
 * name a command. Fetches are untouched.
 */
const NO_PUSH_CONFIG: [string, string][] = [
  ["url.recollect-loop-no-push::.pushInsteadOf", ""],
  ["protocol.ext.allow", "never"],
];

/**
 * `shell.env` for a loop session's shell (code loops on the host): git configuration through the
 * environment that makes every push fail, whatever runs it (`bash -c`, an alias, a release
 * script), where the text check of `guardLoopTool` sees only `git push` itself. Entries already
 * in the environment (GIT_CONFIG_COUNT) are kept.
 */
export function loopShellEnv(sessionID: string | undefined, env: Record<string, string>, inherited: NodeJS.ProcessEnv = process.env): void {
  if (!sessionID || !loopRegistry().sessions.has(sessionID)) return;
  const from = Number(env.GIT_CONFIG_COUNT ?? inherited.GIT_CONFIG_COUNT ?? 0);
  const start = Number.isInteger(from) && from >= 0 ? from : 0;
  NO_PUSH_CONFIG.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${start + i}`] = key;
    env[`GIT_CONFIG_VALUE_${start + i}`] = value;
  });
  env.GIT_CONFIG_COUNT = String(start + NO_PUSH_CONFIG.length);
}

/** git's global options that take a value as the next word (`git -C dir push`). */
const GIT_VALUE_OPTIONS = new Set(["-c", "-C", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env"]);

const COMMAND_WRAPPERS = new Set(["sudo", "env", "command", "exec", "nohup", "time"]);

/** Whether any command of a shell line is `git [global options] push` (or `send-pack`, which no push URL rewrite reaches). */
export function runsGitPush(command: string): boolean {
  for (const segment of command.split(/&&|\|\||[;|&\n(){}`]|\$\(/)) {
    const words = segment
      .trim()
      .split(/\s+/)
      .map((w) => w.replace(/^["']|["']$/g, ""));
    // The command word: after variable assignments and wrappers (`FOO=1 sudo git push`).
    let i = 0;
    while (i < words.length && (/^\w+=/.test(words[i]!) || COMMAND_WRAPPERS.has(words[i]!))) i++;
    if (words[i] !== "git" && !words[i]?.endsWith("/git")) continue;
    for (i += 1; i < words.length && words[i]!.startsWith("-"); i++) if (GIT_VALUE_OPTIONS.has(words[i]!)) i++;
    if (words[i] === "push" || words[i] === "send-pack") return true;
  }
  return false;
}
