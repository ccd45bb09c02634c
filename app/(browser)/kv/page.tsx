import type { Metadata } from "next";
import Form from "next/form";
import { serverCtx } from "@/lib/boot";
import { kvView, timeLeft } from "@/lib/views/activity";
import { formatAge } from "@/lib/memories/dto";
import { btn, Card, DataTable, EmptyState, fmt, input, PageHeader } from "../_components/ui";

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
          <DataTable columns={["Key", "Project", "Value", "Updated", "Time left"]}>
            {items.map((k) => (
              <tr key={`${k.project}-${k.key}`} data-testid="kv-item" className="border-t border-zinc-100 align-top dark:border-zinc-800">
                <td className="py-1 pr-3 font-mono text-xs">{k.key}</td>
                <td className="py-1 pr-3 text-xs">{k.project ?? "global"}</td>
                <td className="max-w-lg py-1 pr-3">
                  <pre className="max-h-32 overflow-auto whitespace-pre-wrap break-all font-mono text-xs">{pretty(k.value)}</pre>
                  <span className="text-xs text-zinc-500">{fmt(k.bytes)} bytes</span>
                </td>
                <td className="py-1 pr-3 text-xs">{formatAge(k.updatedAt, now)} ago</td>
                <td className="py-1 text-xs tabular-nums" data-testid="kv-ttl">
                  {timeLeft(k.expiresAt, now)}
                </td>
              </tr>
            ))}
          </DataTable>
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
