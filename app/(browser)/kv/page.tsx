import type { Metadata } from "next";
import Form from "next/form";
import { serverCtx } from "@/lib/boot";
import { kvView, timeLeft } from "@/lib/views/activity";
import { Ago } from "../_components/Ago";
import { DeleteKv } from "../_components/DeleteKv";
import { btn, Card, EmptyState, fmt, input, PageHeader } from "../_components/ui";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "KV" };

export default async function KvPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const sp = await searchParams;
  const prefix = (sp.prefix ?? "").slice(0, 256);
  const now = Date.now();
  const { items, total } = kvView(serverCtx(), { prefix }, now);
  return (
    <div data-testid="kv">
      <PageHeader
        title="Key/value store"
        description="Short-lived values agents keep between turns and sessions (per project or global), with the time each has left."
      />
      <Form action="/kv" role="search" className="mb-4 flex gap-2">
        <label htmlFor="kv-prefix" className="sr-only">
          Key prefix
        </label>
        <input id="kv-prefix" name="prefix" defaultValue={prefix} placeholder="key prefix" data-search-box className={`${input} max-w-sm`} />
        <button type="submit" className={btn.secondary}>
          Filter
        </button>
      </Form>
      <Card title={`${fmt(total)} live ${total === 1 ? "key" : "keys"}${items.length < total ? ` (newest ${items.length} shown)` : ""}`}>
        {items.length === 0 ? (
          <EmptyState title={prefix ? `No keys start with “${prefix}”` : "No keys"}>Agents write keys with the KV tools; expired keys are purged.</EmptyState>
        ) : (
          // A list, not a table: the value column stays readable at 390 px.
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {items.map((k) => (
              <li key={`${k.projectId}-${k.key}`} data-testid="kv-item" className="py-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0 break-all font-mono text-sm">{k.key}</span>
                  <DeleteKv keyName={k.key} projectId={k.projectId} />
                </div>
                <div className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-zinc-600 dark:text-zinc-400">
                  <span>{k.project ?? "global"}</span>
                  <span>{fmt(k.bytes)} bytes</span>
                  <span>
                    updated <Ago at={k.updatedAt} now={now} />
                  </span>
                  <span data-testid="kv-ttl">{timeLeft(k.expiresAt, now)} left</span>
                </div>
                <pre className="mt-1 max-h-32 overflow-auto whitespace-pre-wrap break-all rounded bg-zinc-50 p-2 font-mono text-xs dark:bg-zinc-950">
                  {pretty(k.value)}
                </pre>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function pretty(v: string): string {
  try {
    return JSON.stringify(JSON.parse(v), null, 2);
  } catch {
    return v;
  }
}
