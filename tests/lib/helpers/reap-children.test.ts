import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";

const REAP = path.resolve(import.meta.dirname, "../../helpers/reap-children.ts");

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("reapOnExit", () => {
  it("kills a child the process started and never stopped when the process exits", async () => {
    // A worker that starts a long-lived child, prints its pid and exits without stopping it.
    const script = `
      import { spawn } from "node:child_process";
      import { reapOnExit } from ${JSON.stringify(REAP)};
      const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
      reapOnExit(child);
      console.log(child.pid);
      process.exit(0);
    `;
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8" });
    const pid = Number(out.trim());
    expect(pid).toBeGreaterThan(0);
    await vi.waitFor(() => expect(alive(pid)).toBe(false), { timeout: 30_000 });
  });
});
