import { processSingleton } from "./process-singleton";

/**
 * What the server process does before it exits: boot() registers the closing of its database here
 * (lib/boot.ts), and server/serve.ts runs it on every way out (SIGTERM from `recollect stop`,
 * SIGINT, a failed listen). Kept in a process singleton: serve.ts and the Next.js bundles load
 * this module separately, and must see one list.
 */
type Step = () => void | Promise<void>;
const steps = processSingleton("shutdown", () => ({ list: [] as Step[], running: undefined as Promise<void> | undefined }));

/** Adds a step; steps run newest first (what was opened last is closed first). */
export function onShutdown(step: Step): void {
  steps.list.push(step);
}

/** Runs every step once (a second call waits for the first); a failing step does not stop the others. */
export function runShutdown(report: (error: unknown) => void = () => {}): Promise<void> {
  steps.running ??= (async () => {
    for (const step of steps.list.splice(0).reverse()) {
      try {
        await step();
      } catch (error) {
        report(error);
      }
    }
  })();
  return steps.running;
}
