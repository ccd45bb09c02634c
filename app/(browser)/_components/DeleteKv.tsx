"use client";

import { ConfirmAction } from "./ActionParts";
import { api } from "./api";

/** Deletes one KV key (asks first: a deleted value cannot be brought back). */
export function DeleteKv({ keyName, projectId }: { keyName: string; projectId: string | null }) {
  const path = keyName.split("/").map(encodeURIComponent).join("/");
  return (
    <ConfirmAction
      label="Delete…"
      title={`Delete the key “${keyName}”?`}
      confirmLabel="Delete"
      testId="kv-delete"
      ariaLabel={`Delete ${keyName}`}
      action={() => api(`/api/kv/${path}${projectId ? `?project=${encodeURIComponent(projectId)}` : ""}`, { method: "DELETE" })}
    >
      Its value is gone for good.
    </ConfirmAction>
  );
}
