"use client";

import type { MemoryVersionDto } from "@/lib/memories/versions";
import { ActionErrorText } from "./ActionParts";
import { api } from "./api";
import { btn } from "./ui";
import { useApiAction } from "./use-api-action";

/**
 * Makes an earlier version current again: a normal edit (so it is itself a new version and can be
 * reverted in turn), refused with a 409 if the memory changed since the page was loaded.
 */
export function RevertVersion({
  memoryId,
  updatedAt,
  version,
}: {
  memoryId: string;
  updatedAt: string;
  version: Pick<MemoryVersionDto, "version" | "title" | "content" | "category" | "tags" | "pinned" | "priority" | "status">;
}) {
  const { pending, error, run } = useApiAction((e) => (e.status === 409 ? "The memory changed since this page was loaded: reload and try again." : undefined));
  const { title, content, category, tags, pinned, priority, status } = version;
  const revert = () =>
    api(`/api/memories/${memoryId}`, {
      method: "PATCH",
      json: { title, content, category, tags, pinned, priority, status, source: "ui", reason: `revert to v${version.version}`, expectedUpdatedAt: updatedAt },
    });
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button type="button" className={btn.secondary} disabled={pending} data-testid="revert-version" onClick={() => run(revert)}>
        {pending ? "Reverting…" : `Revert to v${version.version}`}
      </button>
      <ActionErrorText error={error} />
    </span>
  );
}
