import type { Steps } from "../../lib/slices";

/** Runs `steps` to the end without a clock: its result and how many times it yielded (lib/slices.ts). */
export function counted<T>(steps: Steps<T>): { value: T; yields: number } {
  let yields = 0;
  for (;;) {
    const step = steps.next();
    if (step.done) return { value: step.value, yields };
    yields++;
  }
}
