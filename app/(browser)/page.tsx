import type { Metadata } from "next";
import { serverCtx } from "@/lib/boot";
import { overview } from "@/lib/views/overview";
import { inboxCounts } from "@/lib/consolidation/inbox";
import { storageProblem } from "@/lib/db/storage-errors";
import { MemoriesOverTime, SearchesAndInjections, TokensSavedPerDay, TokensSavedPerSession } from "./_components/LazyCharts";
import { CountList } from "./_components/CountList";
import { Badge, Card, EmptyState, PageHeader, Stat, TextLink, btn, fmt, formatBytes } from "./_components/ui";
import Link from "next/link";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Dashboard" };

export default function DashboardPage() {
  const o = overview(serverCtx());
  const inbox = inboxCounts(serverCtx());
  const status = (s: string) => o.byStatus.find((r) => r.key === s)?.n ?? 0;
  const h = o.health;
  const saved = o.compressionPerDay.reduce((s, d) => s + d.saved, 0);
  const storage = storageProblem(serverCtx().services.storage);
  return (
    <div data-testid="dashboard">
      <PageHeader
        title="Dashboard"
        description="What your agent remembers, what it costs, and whether search is healthy."
        actions={
          <Link href="/memories/new" className={btn.primary}>
            New memory
          </Link>
        }
      />
      {storage ? (
        <div
          role="alert"
          data-testid="storage-full"
          className="mb-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          <strong>The disk is full: memories cannot be saved.</strong> {storage.reason} (last failed write {storage.at}).
        </div>
      ) : null}
      {inbox.total > 0 ? (
        <p
          data-testid="dashboard-inbox"
          className="mb-4 rounded-md border border-indigo-200 bg-indigo-50 px-4 py-2 text-sm dark:border-indigo-900 dark:bg-indigo-950"
        >
          <TextLink href="/inbox">{fmt(inbox.total)} to review</TextLink> in the inbox: {fmt(inbox.suggested)} suggested memories,{" "}
          {fmt(inbox.total - inbox.suggested)} consolidation proposals.
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat testId="stat-total" label="Memories" value={fmt(o.total)} hint={`${fmt(status("active"))} active · ${fmt(status("suggested"))} suggested`} />
        <Stat testId="stat-pinned" label="Pinned (injected)" value={fmt(o.pinned)} hint={<TextLink href="/constraints">constraints & directives</TextLink>} />
        <Stat testId="stat-archived" label="Archived" value={fmt(status("archived"))} hint={`${fmt(status("resolved"))} resolved`} />
        <Stat
          testId="stat-saved"
          label="Tokens saved (30 days)"
          value={fmt(saved)}
          hint={<span data-testid="stat-saved-money">≈ ${o.compressionSavedUsd.toFixed(2)} saved by compression (at least)</span>}
        />
      </div>

      <Card title="Health" testId="health" className="mt-4">
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-xs uppercase tracking-wide text-zinc-600 dark:text-zinc-400">Search mode</dt>
            <dd data-testid="search-mode" className="mt-0.5">
              <Badge tone={h.search.mode === "hybrid" ? "green" : "amber"}>{h.search.mode}</Badge>
              <span className="ml-2 text-zinc-600 dark:text-zinc-400">{h.search.reason}</span>
              {h.search.model ? (
                <div className="text-xs text-zinc-600 dark:text-zinc-400">
                  {h.search.model}
                  {h.search.dimension ? ` · ${h.search.dimension} dims` : ""}
                </div>
              ) : null}
            </dd>
          </div>
          <div>
            <dt className="text-xs uppercase tracking-wide text-zinc-600 dark:text-zinc-400">Embedding queue</dt>
            {/* The running queue's figure, as /api/health's `search.queueDepth`; with no provider nothing is embedding. */}
            <dd data-testid="queue-depth" className="mt-0.5 tabular-nums">
              {h.search.model ? (
                <>
                  {fmt(h.search.queueDepth)} waiting
                  {h.queueFailed ? <span className="text-red-700 dark:text-red-400"> · {fmt(h.queueFailed)} failing</span> : null}
                </>
              ) : (
                <>
                  <span data-testid="provider-off">off: no embedding provider is running</span>
                  {h.queueDepth ? (
                    <span className="block text-xs text-zinc-600 dark:text-zinc-400">{fmt(h.queueDepth)} memories will be embedded when one runs</span>
                  ) : null}
                </>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-xs uppercase tracking-wide text-zinc-600 dark:text-zinc-400">Database</dt>
            <dd data-testid="db-size" className="mt-0.5 tabular-nums">
              {formatBytes(h.databaseBytes)} <span className="text-zinc-600 dark:text-zinc-400">+ {formatBytes(h.walBytes)} WAL</span>
            </dd>
          </div>
          <div>
            <dt className="text-xs uppercase tracking-wide text-zinc-600 dark:text-zinc-400">Sessions · checkpoints</dt>
            <dd className="mt-0.5 tabular-nums">
              <TextLink href="/sessions">{fmt(h.sessionsActive)} active</TextLink> · <TextLink href="/checkpoints">{fmt(h.checkpoints)} checkpoints</TextLink>
            </dd>
          </div>
        </dl>
      </Card>

      {o.total === 0 ? (
        <div className="mt-4">
          <EmptyState title="No memories yet">
            Your agent stores them with the <code>memory_store</code> tool, or <TextLink href="/memories/new">add one yourself</TextLink>, or{" "}
            <TextLink href="/export">import an export</TextLink>.
          </EmptyState>
        </div>
      ) : null}

      <div className="mt-4 grid gap-3 md:grid-cols-2 xl:grid-cols-4">
        <CountList testId="count-scope" title="By scope (active and suggested)" rows={o.byScope} href={(k) => `/memories?scope=${k}`} />
        <CountList testId="count-category" title="By category (active and suggested)" rows={o.byCategory} href={(k) => `/memories?category=${k}`} />
        <CountList
          testId="count-project"
          title="By project (active and suggested)"
          rows={o.byProject.map((r) => ({ key: r.key, n: r.n, param: r.id ?? "" }))}
          href={(k) => (k ? `/memories?project=${encodeURIComponent(k)}` : "/memories?scope=global")}
        />
        <CountList testId="count-status" title="By status (all memories)" rows={o.byStatus} href={(k) => `/memories?status=${k}`} />
      </div>

      <div className="mt-4 grid gap-3 lg:grid-cols-2">
        <MemoriesOverTime data={o.memoriesPerDay} />
        <SearchesAndInjections data={o.accessPerDay} />
        <TokensSavedPerDay data={o.compressionPerDay} />
        <TokensSavedPerSession data={o.compressionBySession} />
      </div>
    </div>
  );
}
