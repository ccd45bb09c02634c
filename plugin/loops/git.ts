import { execFile } from "node:child_process";

/** Runs git without a shell; resolves stdout, rejects with git's own message. */
export function git(cwd: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile("git", args, { cwd, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`git ${args[0]}: ${(stderr || error.message).trim()}`));
      else resolve(stdout);
    });
  });
}
