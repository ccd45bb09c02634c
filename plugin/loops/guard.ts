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

/** git's global options that take a value as the next word (`git -C dir push`). */
const GIT_VALUE_OPTIONS = new Set(["-c", "-C", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env"]);

const COMMAND_WRAPPERS = new Set(["sudo", "env", "command", "exec", "nohup", "time"]);

/** Whether any command of a shell line is `git [global options] push`. */
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
    if (words[i] === "push") return true;
  }
  return false;
}
