/**
 * A phase written as a generator that yields between units of work (a message, a part) can run to
 * the end at once (`runAll`, the synchronous verb) or in slices that give the event loop a turn
 * every SLICE_MS (`runSliced`, the server): a history of 300,000 messages held the event loop, and
 * `/api/health` with it, for 20 s.
 */
export type Steps<T> = Generator<void, T, void>;

/** Work between two turns of the event loop. */
export const SLICE_MS = 10;

/** Items (slots, messages) a whole-history loop handles between two steps: a step stays far under SLICE_MS. */
export const STEP_ITEMS = 1000;

export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function runAll<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

export async function runSliced<T>(steps: Steps<T>, sliceMs = SLICE_MS): Promise<T> {
  let started = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - started >= sliceMs) {
      await yieldToLoop();
      started = performance.now();
    }
  }
}
