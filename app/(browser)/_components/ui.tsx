import Link from "next/link";

/** Small presentational pieces shared by the pages (server-safe: no hooks). */

export const btn = {
  base: "inline-flex items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-50",
  get primary() {
    return `${this.base} bg-indigo-600 text-white hover:bg-indigo-500`;
  },
  get secondary() {
    return `${this.base} border border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800`;
  },
  get danger() {
    return `${this.base} bg-red-600 text-white hover:bg-red-500`;
  },
  get ghost() {
    return `${this.base} text-zinc-700 hover:bg-zinc-200 dark:text-zinc-300 dark:hover:bg-zinc-800`;
  },
};

export const input =
  "w-full rounded-md border border-zinc-300 bg-white px-2.5 py-1.5 text-sm text-zinc-900 placeholder:text-zinc-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 aria-[invalid=true]:border-red-500";
export const label = "mb-1 block text-xs font-medium uppercase tracking-wide text-zinc-600 dark:text-zinc-400";

export function PageHeader({ title, description, actions }: { title: string; description?: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}

export function Card({
  title,
  children,
  className = "",
  testId,
  actions,
}: {
  title?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
  testId?: string;
  actions?: React.ReactNode;
}) {
  return (
    <section data-testid={testId} className={`rounded-lg border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900 ${className}`}>
      {title || actions ? (
        <div className="mb-3 flex items-center justify-between gap-2">
          {title ? <h2 className="text-sm font-semibold text-zinc-700 dark:text-zinc-300">{title}</h2> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}

const TONES = {
  zinc: "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300",
  indigo: "bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-300",
  amber: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300",
  green: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  red: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300",
  sky: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300",
} as const;

/** A plain, horizontally scrollable table: header cells from `columns`, rows as children. */
export function DataTable({ columns, children }: { columns: readonly string[]; children: React.ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs uppercase text-zinc-600 dark:text-zinc-400">
          <tr>
            {columns.map((c, i) => (
              <th key={c} scope="col" className={`py-1 font-medium ${i < columns.length - 1 ? "pr-3" : ""}`}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function Badge({ children, tone = "zinc", title }: { children: React.ReactNode; tone?: keyof typeof TONES; title?: string }) {
  return (
    <span title={title} className={`inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium ${TONES[tone]}`}>
      {children}
    </span>
  );
}

export const statusTone = (s: string): keyof typeof TONES => (s === "active" ? "green" : s === "suggested" ? "sky" : s === "archived" ? "zinc" : "amber");

export function EmptyState({ title, children, testId = "empty-state" }: { title: string; children?: React.ReactNode; testId?: string }) {
  return (
    <div data-testid={testId} className="rounded-lg border border-dashed border-zinc-300 p-8 text-center dark:border-zinc-700">
      <p className="font-medium">{title}</p>
      {children ? <div className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{children}</div> : null}
    </div>
  );
}

export function ErrorNote({ children, testId = "error-state" }: { children: React.ReactNode; testId?: string }) {
  return (
    <div
      role="alert"
      data-testid={testId}
      className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      {children}
    </div>
  );
}

export function Stat({ label: l, value, hint, testId }: { label: string; value: React.ReactNode; hint?: React.ReactNode; testId?: string }) {
  return (
    <div data-testid={testId} className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="text-xs font-medium uppercase tracking-wide text-zinc-600 dark:text-zinc-400">{l}</div>
      <div className="mt-1 text-2xl font-semibold tabular-nums">{value}</div>
      {hint ? <div className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{hint}</div> : null}
    </div>
  );
}

export function TextLink({ href, children, className = "" }: { href: string; children: React.ReactNode; className?: string }) {
  return (
    <Link
      href={href}
      className={`text-indigo-700 underline underline-offset-2 hover:decoration-2 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400 ${className}`}
    >
      {children}
    </Link>
  );
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ["KB", "MB", "GB"];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}

export const fmt = (n: number) => n.toLocaleString("en-US");
export const when = (iso: string | number) => new Date(iso).toISOString().replace("T", " ").slice(0, 16) + " UTC";
