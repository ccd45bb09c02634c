import Link from "next/link";

/** A labelled list of counts with proportional bars; each row links to the filtered memories. */
export function CountList({
  title,
  rows,
  href,
  testId,
}: {
  title: string;
  rows: { key: string; n: number; param?: string }[];
  href: (key: string) => string;
  testId: string;
}) {
  const max = Math.max(1, ...rows.map((r) => r.n));
  return (
    <section data-testid={testId} className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <h2 className="mb-2 text-sm font-semibold text-zinc-700 dark:text-zinc-300">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing yet.</p>
      ) : (
        <ul className="space-y-1">
          {rows.map((r) => (
            <li key={r.key}>
              <Link
                href={href(r.param ?? r.key)}
                className="group grid grid-cols-[minmax(0,8rem)_1fr_auto] items-center gap-2 rounded px-1 text-sm hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-zinc-800"
              >
                <span className="truncate">{r.key}</span>
                <span aria-hidden className="h-2 rounded bg-indigo-500/70" style={{ width: `${Math.max(2, (r.n / max) * 100)}%` }} />
                <span className="tabular-nums text-zinc-600 dark:text-zinc-400">{r.n.toLocaleString("en-US")}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
