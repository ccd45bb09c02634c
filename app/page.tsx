import { serverCtx } from "@/lib/boot";
import { listMemories } from "@/lib/memories";

export const dynamic = "force-dynamic";

export default function Home() {
  const { items } = listMemories(serverCtx(), { limit: 100 });
  return (
    <main className="mx-auto max-w-4xl p-6">
      <h1 className="mb-4 text-2xl font-semibold">Memories</h1>
      {items.length === 0 ? (
        <p data-testid="empty-state" className="text-zinc-500">
          No memories yet. Your agent stores them with <code>memory_store</code>.
        </p>
      ) : (
        <ul data-testid="memory-list" className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {items.map((m) => (
            <li key={m.id} data-testid="memory-item" className="py-3">
              <div className="text-xs text-zinc-500">
                {m.category} · {m.scope} · {m.age}
                {m.pinned ? " · pinned" : ""}
              </div>
              <div className="whitespace-pre-wrap">{m.content}</div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
