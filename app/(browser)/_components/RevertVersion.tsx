"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { MemoryVersionDto } from "@/lib/memories/versions";
import { api, ApiFailure } from "./api";
import { btn } from "./ui";

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
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={btn.secondary}
        disabled={pending}
        data-testid="revert-version"
        onClick={() =>
          start(async () => {
            setError(null);
            try {
              const { title, content, category, tags, pinned, priority, status } = version;
              await api(`/api/memories/${memoryId}`, {
                method: "PATCH",
                json: {
                  title,
                  content,
                  category,
                  tags,
                  pinned,
                  priority,
                  status,
                  source: "ui",
                  reason: `revert to v${version.version}`,
                  expectedUpdatedAt: updatedAt,
                },
              });
              router.refresh();
            } catch (e) {
              setError(
                e instanceof ApiFailure && e.status === 409
                  ? "The memory changed since this page was loaded: reload and try again."
                  : e instanceof Error
                    ? e.message
                    : String(e),
              );
            }
          })
        }
      >
        {pending ? "Reverting…" : `Revert to v${version.version}`}
      </button>
      {error ? (
        <span role="alert" className="text-xs text-red-700 dark:text-red-400">
          {error}
        </span>
      ) : null}
    </span>
  );
}
