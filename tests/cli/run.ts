import { spawn } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const BIN = path.join(ROOT, "cli", "recollect.mjs");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON (for --json runs). */
  json: () => any;
}

/** Runs `recollect` (the package.json bin) as a user would: a real process, real exit code. */
export function runCli(
  args: string[],
  options: { env?: Record<string, string | undefined>; input?: string; cwd?: string; timeoutMs?: number } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env = {} as NodeJS.ProcessEnv;
    for (const [k, v] of Object.entries({ ...process.env, NO_COLOR: "1", ...options.env })) if (v !== undefined) env[k] = v;
    const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd ?? ROOT, env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 120_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({
        code: code ?? -1,
        stdout,
        stderr,
        json: () => {
          try {
            return JSON.parse(stdout);
          } catch {
            throw new Error(`not JSON (exit ${code}):\n${stdout}\n--- stderr:\n${stderr}`);
          }
        },
      });
    });
    child.stdin.end(options.input ?? "");
  });
}
