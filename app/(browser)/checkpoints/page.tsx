import type { Metadata } from "next";
import Form from "next/form";
import Link from "next/link";
import { serverCtx } from "@/lib/boot";
import { checkpointFacets, listCheckpointsView } from "@/lib/views/checkpoints";
import { Ago } from "../_components/Ago";
import { Badge, btn, Card, EmptyState, fmt, input, label, PageHeader } from "../_components/ui";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Checkpoints" };

export default async function CheckpointsPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const sp = await searchParams;
  const ctx = serverCtx();
  const before = sp.before && /^\d+$/.test(sp.before) ? Number(sp.before) : undefined;
  const { items, next } = listCheckpointsView(ctx, { project: sp.project || undefined, session: sp.session || undefined, before });
  const facets = checkpointFacets(ctx);
  const now = Date.now();
  const q = (extra: Record<string, string | undefined>) => {
    const u = new URLSearchParams();
    for (const [k, v] of Object.entries({ project: sp.project, session: sp.session, ...extra })) if (v) u.set(k, v);
    return `/checkpoints?${u}`;
  };
  return (
    <div data-testid="checkpoints">
      <PageHeader
        title="Checkpoints"
        description="Captured when OpenCode compacts a session (or on demand): the summary, what was extracted, and the raw history."
      />
      <Form action="/checkpoints" className="mb-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="cp-project" className={label}>
            Project
          </label>
          <select id="cp-project" name="project" defaultValue={sp.project ?? ""} className={input}>
            <option value="">any</option>
            {facets.projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.n})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="cp-session" className={label}>
            Session
          </label>
          <select id="cp-session" name="session" defaultValue={sp.session ?? ""} className={input}>
            <option value="">any</option>
            {facets.sessions.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title ? `${s.title.slice(0, 60)} (${s.n})` : `${s.id} (${s.n})`}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={btn.secondary}>
          Filter
        </button>
      </Form>
      {items.length === 0 ? (
        <EmptyState title="No checkpoints">
          They appear when a session is compacted with the Recollect plugin installed, or when history is ingested.
        </EmptyState>
      ) : (
        <Card>
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="checkpoint-list">
            {items.map((c) => (
              <li key={c.id} data-testid="checkpoint-item" className="py-2">
                <Link href={`/checkpoints/${c.id}`} className="block rounded focus-visible:outline-2 focus-visible:outline-indigo-500">
                  <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
                    <Badge tone="indigo">{c.trigger}</Badge>
                    {c.project ? <span>{c.project.name}</span> : <span>no project</span>}
                    {c.sessionTitle ? (
                      <span data-testid="checkpoint-session">{c.sessionTitle}</span>
                    ) : (
                      <span className="break-all font-mono">{c.sessionId}</span>
                    )}
                    <span>
                      · {fmt(c.messageCount)} messages · {fmt(c.tokensRaw)} → {fmt(c.tokensSummary)} tokens · <Ago at={c.createdAt} now={now} />
                    </span>
                  </div>
                  <div className="mt-0.5 text-sm font-medium">{c.task ?? "(no task extracted)"}</div>
                </Link>
              </li>
            ))}
          </ul>
          {before || next ? (
            <nav aria-label="Pages" className="mt-3 flex justify-between">
              {before ? (
                <Link href={q({ before: undefined })} className={btn.secondary}>
                  ← Newest
                </Link>
              ) : (
                <span />
              )}
              {next ? (
                <Link href={q({ before: String(next) })} className={btn.secondary}>
                  Older →
                </Link>
              ) : null}
            </nav>
          ) : null}
        </Card>
      )}
    </div>
  );
}
