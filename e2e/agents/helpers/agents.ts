import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * The real Claude Code and Codex binaries, pinned, installed once from the npm registry into
 * `.cache/agents/` (git-ignored; not devDependencies: 800 MB nobody building Recollect needs).
 */
export const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");
export const AGENT_PACKAGES = { "claude-code": "@anthropic-ai/claude-code@2.1.332", codex: "@openai/codex@0.171.0" } as const;
const CACHE = path.join(ROOT, ".cache", "agents");

export function agentBin(agent: keyof typeof AGENT_PACKAGES): string {
  const spec = AGENT_PACKAGES[agent];
  const dir = path.join(CACHE, spec.replace(/[@/]/g, "_"));
  const bin = path.join(dir, "node_modules", ".bin", agent === "codex" ? "codex" : "claude");
  if (!fs.existsSync(bin)) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "package.json"), "{}\n");
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--no-save", spec], { cwd: dir, stdio: "inherit" });
  }
  return bin;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs an agent's binary to the end (its own CLI, print mode), in `cwd` with `env` over a clean one. */
export function run(bin: string, args: string[], cwd: string, env: Record<string, string>, timeoutMs = 90_000): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { cwd, env: { PATH: process.env.PATH ?? "", ...env } as unknown as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
