import type { MemoryDetail } from "@/lib/views/detail";
import { RevertVersion } from "../../_components/RevertVersion";
import { Card, when } from "../../_components/ui";

/** A memory's versions, newest first: what changed, the diff against the next, and a revert. */
export function VersionHistory({ d }: { d: MemoryDetail }) {
  const m = d.memory;
  return (
    <Card title={`Version history (${d.versions.length})`} testId="versions" className="mt-4">
      {d.versions.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Never edited.</p>
      ) : (
        <ol className="space-y-2">
          {d.versions.map((v, i) => (
            <li key={v.version} data-testid="version-item">
              <details open={i === 0} className="rounded-md border border-zinc-200 dark:border-zinc-800">
                <summary className="cursor-pointer px-3 py-2 text-sm">
                  <strong>v{v.version}</strong> replaced {when(v.replacedAt)} by {v.changedBy}
                  {v.reason ? ` (${v.reason})` : ""} → {i === 0 ? "current" : `v${d.versions[i - 1].version}`}
                </summary>
                <div className="border-t border-zinc-200 px-3 py-2 dark:border-zinc-800">
                  {v.fieldChanges.length ? <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">{v.fieldChanges.join(" · ")}</p> : null}
                  <div className="mb-2">
                    <RevertVersion
                      memoryId={m.id}
                      updatedAt={m.updatedAt}
                      version={{
                        version: v.version,
                        title: v.title,
                        content: v.content,
                        category: v.category,
                        tags: v.tags,
                        pinned: v.pinned,
                        priority: v.priority,
                        status: v.status,
                      }}
                    />
                  </div>
                  <p data-testid="version-diff" className="whitespace-pre-wrap break-words font-mono text-sm">
                    {v.diff.map((p, j) =>
                      p.kind === "added" ? (
                        <ins key={j} className="bg-emerald-100 text-emerald-900 no-underline dark:bg-emerald-900/50 dark:text-emerald-200">
                          {p.text}
                        </ins>
                      ) : p.kind === "removed" ? (
                        <del key={j} className="bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-200">
                          {p.text}
                        </del>
                      ) : (
                        <span key={j}>{p.text}</span>
                      ),
                    )}
                  </p>
                </div>
              </details>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
