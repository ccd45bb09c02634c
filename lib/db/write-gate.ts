import { processSingleton } from "../process-singleton";

/**
 * One write at a time that runs in slices on a connection of its own (`writeInSlices`,
 * sliced-write.ts). While it holds SQLite's write lock and lets the event loop run, a write on the
 * server's own connection would wait for that lock synchronously, with the only thread blocked,
 * so the sliced write could never finish: requests wait here first (`writeGateIdle`, in the API
 * route wrapper), and the server's connection stops waiting for the lock (busy timeout 0) meanwhile.
 */
interface Gate {
  held: boolean;
  /** Sliced writes waiting for their turn, in order. */
  writers: (() => void)[];
  /** Requests waiting for the gate to be free. */
  idle: (() => void)[];
}

const gate = processSingleton<Gate>("sliced-write-gate", () => ({ held: false, writers: [], idle: [] }));

/** Takes the gate (after the sliced writes before it); returns its release. */
export async function enterWriteGate(): Promise<() => void> {
  if (gate.held) await new Promise<void>((resolve) => gate.writers.push(resolve));
  gate.held = true;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = gate.writers.shift();
    if (next) return next(); // handed over: still held
    gate.held = false;
    for (const wake of gate.idle.splice(0)) wake();
  };
}

/** Resolves when no sliced write holds the gate (at once when none does). */
export async function writeGateIdle(): Promise<void> {
  while (gate.held) await new Promise<void>((resolve) => gate.idle.push(resolve));
}

/** For tests: whether a sliced write holds the gate, and how many wait for it. */
export const writeGateState = () => ({ held: gate.held, writers: gate.writers.length, idle: gate.idle.length });
