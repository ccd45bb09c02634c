"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ApiFailure } from "./api";

/** What a failed action shows: the message, and the field a 400 named (to mark its input). */
export interface ActionError {
  message: string;
  field?: string;
  fields: Record<string, string>;
  status: number;
}

/**
 * The pending and error state of a panel's call to the API, the same in every panel: `run(work)`
 * clears the last error, runs `work` in a transition (`pending` meanwhile), refreshes the page's
 * server data when it succeeds (unless `refresh: false`), and keeps the error when it fails.
 * `wording` words an error for this panel (a 409 "reload and try again").
 */
export function useApiAction(wording?: (error: ApiFailure) => string | undefined) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<ActionError | null>(null);
  const run = (work: () => Promise<unknown>, options: { refresh?: boolean } = {}) =>
    start(async () => {
      setError(null);
      try {
        await work();
        if (options.refresh !== false) router.refresh();
      } catch (e) {
        setError(toActionError(e, wording));
      }
    });
  return {
    pending,
    error,
    run,
    /** A check of the panel's own failed before any call (an empty field): shown like the API's errors. */
    fail: (message: string, field?: string) => setError({ message, field, fields: field ? { [field]: message } : {}, status: 0 }),
    clearError: () => setError(null),
  };
}

export function toActionError(e: unknown, wording?: (error: ApiFailure) => string | undefined): ActionError {
  if (!(e instanceof ApiFailure)) return { message: e instanceof Error ? e.message : String(e), fields: {}, status: 0 };
  const fields = e.fieldErrors();
  return { message: wording?.(e) ?? e.message, field: Object.keys(fields)[0], fields, status: e.status };
}

/**
 * Preview, then apply: `preview()` calls `call(true)` (a dry run that writes nothing) and keeps its
 * answer; `apply()` calls `call(false)`, keeps that answer as `done` and refreshes the page's
 * server data (a dry run changed nothing to refresh). `reset()` forgets both (the input changed,
 * so the preview no longer says what apply would do).
 */
export function usePreviewApply<T>(call: (dryRun: boolean) => Promise<T>, options: { refresh?: boolean } = {}) {
  const action = useApiAction();
  const [preview, setPreview] = useState<T | null>(null);
  const [done, setDone] = useState<T | null>(null);
  const step = (dryRun: boolean) =>
    action.run(
      async () => {
        const result = await call(dryRun);
        setPreview(dryRun ? result : null);
        setDone(dryRun ? null : result);
      },
      { refresh: options.refresh !== false && !dryRun },
    );
  return {
    ...action,
    preview,
    done,
    /** What the panel shows: the applied result, else the preview. */
    result: done ?? preview,
    previewIt: () => step(true),
    apply: () => step(false),
    reset: () => {
      setPreview(null);
      setDone(null);
    },
  };
}
