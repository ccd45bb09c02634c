"use client";

import { btn } from "./_components/ui";

/** Any page that fails to load shows this, never a blank page. */
export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div role="alert" data-testid="error-state" className="rounded-lg border border-red-300 bg-red-50 p-6 dark:border-red-900 dark:bg-red-950">
      <h1 className="text-lg font-semibold text-red-900 dark:text-red-200">This page could not be loaded</h1>
      <p className="mt-2 text-sm text-red-800 dark:text-red-300">
        {error.message || "Unexpected error."} {error.digest ? <span className="text-xs">(reference {error.digest}; see the server log)</span> : null}
      </p>
      <button type="button" onClick={reset} className={`${btn.secondary} mt-4`}>
        Try again
      </button>
    </div>
  );
}
