import { execFile } from "node:child_process";

/**
 * Settings no loop's git call runs with, whatever a repository's config says: a loop's workspace
 * is written by an agent (or a container), and these make git run programs (a file-system
 * monitor, hooks, a signing program). Diffs are run with `--no-ext-diff` (worktree.ts).
 */
const HARDENED = ["-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "-c", "commit.gpgSign=false"];

/** Runs git without a shell; resolves stdout, rejects with git's own message. */
export function git(cwd: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile("git", [...HARDENED, ...args], { cwd, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`git ${args[0]}: ${(stderr || error.message).trim()}`));
      else resolve(stdout);
    });
  });
}
