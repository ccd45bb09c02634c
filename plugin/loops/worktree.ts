import fs from "node:fs";
import path from "node:path";
import { git } from "./git";

/**
 * Where a loop works: by default its own git worktree on branch `recollect/loop-<slug>` (the
 * user's tree is never touched; the branch stays for the user to merge), or the project's own
 * directory in `inPlace` mode (no worktree, no commits).
 */
export interface LoopWorkspace {
  /** The directory the loop's sessions work in. */
  directory: string;
  /** The repository the loop was started from. */
  repoDir: string;
  inPlace: boolean;
  branch?: string;
  worktreePath?: string;
}

export const loopBranch = (slug: string) => `recollect/loop-${slug}`;

/** Commits of a loop are signed by the loop when the repository has no identity configured. */
const LOOP_IDENTITY = {
  GIT_AUTHOR_NAME: "Recollect loop",
  GIT_AUTHOR_EMAIL: "loop@recollect.invalid",
  GIT_COMMITTER_NAME: "Recollect loop",
  GIT_COMMITTER_EMAIL: "loop@recollect.invalid",
};

export async function createWorkspace(options: { repoDir: string; slug: string; inPlace: boolean; worktreesDir: string }): Promise<LoopWorkspace> {
  if (options.inPlace) return { directory: options.repoDir, repoDir: options.repoDir, inPlace: true };
  const top = (await git(options.repoDir, ["rev-parse", "--show-toplevel"]).catch(() => "")).trim();
  if (!top) throw new Error(`${options.repoDir} is not in a git repository: use inPlace, or run git init`);
  const branch = loopBranch(options.slug);
  const worktreePath = path.join(options.worktreesDir, options.slug);
  fs.mkdirSync(options.worktreesDir, { recursive: true });
  // A restarted loop finds its worktree (or at least its branch) again.
  if (fs.existsSync(path.join(worktreePath, ".git"))) return { directory: worktreePath, repoDir: top, inPlace: false, branch, worktreePath };
  const exists = await git(top, ["rev-parse", "--verify", "--quiet", `refs/heads/${branch}`]).then(
    () => true,
    () => false,
  );
  await git(top, ["worktree", "add", ...(exists ? [worktreePath, branch] : ["-b", branch, worktreePath, "HEAD"])]);
  return { directory: worktreePath, repoDir: top, inPlace: false, branch, worktreePath };
}

/** The commit the workspace is at (the base of an iteration's diff). */
export async function headCommit(ws: LoopWorkspace): Promise<string | undefined> {
  return (await git(ws.directory, ["rev-parse", "HEAD"]).catch(() => "")).trim() || undefined;
}

/**
 * Commits everything the iteration changed on the loop's branch; returns the commit, or
 * undefined when nothing changed (or in place, where the user's branch is left alone).
 */
export async function commitWorkspace(ws: LoopWorkspace, message: string): Promise<string | undefined> {
  if (ws.inPlace) return undefined;
  await git(ws.directory, ["add", "-A"]);
  const staged = await git(ws.directory, ["diff", "--no-ext-diff", "--cached", "--quiet"]).then(
    () => false,
    () => true,
  );
  if (!staged) return undefined;
  const configured = (await git(ws.directory, ["config", "user.email"]).catch(() => "")).trim();
  await git(ws.directory, ["commit", "--no-verify", "--quiet", "-m", message], configured ? {} : LOOP_IDENTITY);
  return headCommit(ws);
}

/**
 * What an iteration changed, for the auditor: committed changes since `base` in a worktree; the
 * working tree against `base` in place (untracked files named). Cut at `maxChars`.
 */
export async function iterationDiff(ws: LoopWorkspace, base: string | undefined, maxChars = 40_000): Promise<string> {
  const range = base ? [base] : ["HEAD"];
  let diff = ws.inPlace
    ? await git(ws.directory, ["diff", "--no-ext-diff", "--no-textconv", ...range])
    : await git(ws.directory, ["diff", "--no-ext-diff", "--no-textconv", ...(base ? [`${base}..HEAD`] : ["HEAD~1..HEAD"])]).catch(() => "");
  if (ws.inPlace) {
    const untracked = (await git(ws.directory, ["ls-files", "--others", "--exclude-standard"])).trim();
    if (untracked) diff += `\nNew untracked files:\n${untracked}\n`;
  }
  return diff.length > maxChars ? `${diff.slice(0, maxChars)}\n… (diff cut at ${maxChars} characters)` : diff;
}

/** Removes the worktree at the end of the loop; the branch and its commits stay. */
export async function removeWorkspace(ws: LoopWorkspace): Promise<void> {
  if (ws.inPlace || !ws.worktreePath) return;
  await git(ws.repoDir, ["worktree", "remove", "--force", ws.worktreePath]);
  await git(ws.repoDir, ["worktree", "prune"]).catch(() => {});
}
