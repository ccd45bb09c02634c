import type { ChildProcess } from "node:child_process";

// Servers and OpenCode clients a test started and has not stopped. A test that times out, or a
// worker that is torn down, never reaches its stop(): on a loaded CI machine those leftovers kept
// running for half an hour and fed the next timeouts. The worker kills what is left as it exits.
const live = new Set<ChildProcess>();

function killLeftovers() {
  for (const child of live) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
  live.clear();
}

let hooked = false;

/** Kills `child` when this process exits, unless it has exited first. */
export function reapOnExit(child: ChildProcess): void {
  if (!hooked) {
    hooked = true;
    // Only "exit": Vitest's and Playwright's workers end through it, and a signal handler here
    // would change how their runners stop a worker.
    process.once("exit", killLeftovers);
  }
  live.add(child);
  child.once("exit", () => live.delete(child));
}
