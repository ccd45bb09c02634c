import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * `sandbox.mode: "docker"`: one container per loop with the worktree bind-mounted at /workspace.
 * The loop sessions' bash, glob and grep run in it through `docker exec`; read/write/edit stay on
 * the host (the same files, through the mount). The container is removed with the loop.
 */
export interface Sandbox {
  container: string;
  /** A shell command in the container, in /workspace. */
  exec(command: string, timeoutMs?: number): Promise<{ code: number; output: string }>;
  stop(): Promise<void>;
}

export const WORKSPACE = "/workspace";

function run(bin: string, args: string[], timeoutMs = 60_000): Promise<{ code: number; stdout: string; stderr: string; missing?: boolean }> {
  return new Promise((resolve) => {
    execFile(bin, args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const e = error as (NodeJS.ErrnoException & { code?: number | string }) | null;
      resolve({ code: e ? (typeof e.code === "number" ? e.code : 1) : 0, stdout: String(stdout), stderr: String(stderr), missing: e?.code === "ENOENT" });
    });
  });
}

/** Refuses with a clear message when Docker is absent or its engine does not answer. */
export async function checkDocker(docker: string): Promise<string | undefined> {
  const res = await run(docker, ["version", "--format", "{{.Server.Version}}"], 15_000);
  if (res.missing) return `sandbox mode needs Docker, and "${docker}" was not found on PATH. Install Docker, or start the loop without sandbox.`;
  if (res.code !== 0)
    return `sandbox mode needs a running Docker engine: "${docker} version" failed (${(res.stderr || res.stdout).trim().slice(0, 300)}). Start Docker, or start the loop without sandbox.`;
  return undefined;
}

/**
 * The `docker run` arguments of a loop's container. The workspace is mounted read-write, its git
 * metadata (`.git`: the worktree's pointer file, or the repository itself in place) read-only on
 * top: git runs on the host over this directory after each iteration, and a container that could
 * point `.git` elsewhere or write its config (`core.fsmonitor`, hooks) would run commands there.
 */
export function dockerRunArgs(o: { image: string; hostDir: string; hasGit: boolean }, container: string): string[] {
  const gitMount = o.hasGit ? ["-v", `${o.hostDir}/.git:${WORKSPACE}/.git:ro`] : [];
  return ["run", "-d", "--name", container, "-v", `${o.hostDir}:${WORKSPACE}`, ...gitMount, "-w", WORKSPACE, o.image, "sleep", "infinity"];
}

export async function startDockerSandbox(o: { docker: string; image: string; name: string; hostDir: string }): Promise<Sandbox> {
  const refusal = await checkDocker(o.docker);
  if (refusal) throw new Error(refusal);
  const container = `recollect-${o.name}`.replace(/[^a-zA-Z0-9_.-]/g, "-").slice(0, 120);
  await run(o.docker, ["rm", "-f", container], 30_000); // a leftover of a crashed run
  const started = await run(o.docker, dockerRunArgs({ ...o, hasGit: fs.existsSync(path.join(o.hostDir, ".git")) }, container), 120_000);
  if (started.code !== 0) throw new Error(`docker run failed: ${(started.stderr || started.stdout).trim().slice(0, 500)}`);
  return {
    container,
    async exec(command, timeoutMs = 120_000) {
      const res = await run(o.docker, ["exec", "-w", WORKSPACE, container, "sh", "-c", command], timeoutMs);
      return { code: res.code, output: res.stdout + res.stderr };
    },
    async stop() {
      await run(o.docker, ["rm", "-f", container], 60_000);
    },
  };
}

/** Host paths of the worktree, as the container sees them. */
export const toContainerPath = (text: string, hostDir: string) => text.split(hostDir).join(WORKSPACE);

/** Quotes one argument for `sh -c`. */
export const shQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** `git` is blocked inside the container: the loop owns the repository's history. */
export const runsGit = (command: string) => /(^|[\s;&|(`$])git(\s|$)/.test(command);
