"use client";

import { useState } from "react";
import { ConfirmDialog } from "./ConfirmDialog";
import type { ActionError } from "./use-api-action";
import { useApiAction } from "./use-api-action";
import { btn } from "./ui";

/** A failed action's message, read out by screen readers (role=alert). */
export function ActionErrorText({ error, testId }: { error: ActionError | string | null; testId?: string }) {
  if (!error) return null;
  return (
    <span role="alert" data-testid={testId} className="text-xs text-red-700 dark:text-red-400">
      {typeof error === "string" ? error : error.message}
    </span>
  );
}

/**
 * A button that asks first, then calls the API: the confirmation, the pending state and the error
 * beside the button. For actions that cannot be undone from here (delete, end, merge).
 */
export function ConfirmAction({
  label,
  pendingLabel,
  title,
  children,
  confirmLabel,
  action,
  buttonClass = btn.ghost,
  testId,
  ariaLabel,
  danger = true,
}: {
  label: React.ReactNode;
  pendingLabel?: React.ReactNode;
  title: string;
  children: React.ReactNode;
  confirmLabel: string;
  action: () => Promise<unknown>;
  buttonClass?: string;
  testId?: string;
  ariaLabel?: string;
  danger?: boolean;
}) {
  const { pending, error, run } = useApiAction();
  const [asking, setAsking] = useState(false);
  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" className={buttonClass} disabled={pending} onClick={() => setAsking(true)} data-testid={testId} aria-label={ariaLabel}>
        {pending && pendingLabel ? pendingLabel : label}
      </button>
      <ActionErrorText error={error} />
      <ConfirmDialog
        open={asking}
        title={title}
        confirmLabel={confirmLabel}
        danger={danger}
        onConfirm={() => {
          setAsking(false);
          run(action);
        }}
        onCancel={() => setAsking(false)}
      >
        {children}
      </ConfirmDialog>
    </span>
  );
}
