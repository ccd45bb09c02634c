import type { Metadata } from "next";
import Form from "next/form";
import Link from "next/link";
import { serverCtx } from "@/lib/boot";
import { syncStatesOf } from "@/lib/team/status";
import { highlight } from "@/lib/views/highlight";
import { browseMemories, parseBrowseParams, SEARCH_QUERY_CHARS, type BrowseParams } from "@/lib/views/memories";
import { CATEGORIES, SCOPES, STATUSES } from "@/lib/vocabulary";
import { FilterAutoApply } from "../_components/FilterAutoApply";
import { MemoryTable, type Row } from "../_components/MemoryTable";
import { Badge, btn, EmptyState, fmt, input, label, PageHeader, TextLink } from "../_components/ui";

export const dynamic = "force-dynamic";

function QueryTooLong({ chars }: { chars: number }) {
  return (
    <div>
      <PageHeader title="Memories" />
      <p
        role="alert"
        data-testid="query-too-long"
        className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
      >
        The search is {fmt(chars)} characters long; the limit is {fmt(SEARCH_QUERY_CHARS)}. Search with fewer words.
      </p>
      <TextLink href="/memories">Back to all memories</TextLink>
    </div>
  );
}
export const metadata: Metadata = { title: "Memories" };

type SP = Promise<Record<string, string | string[] | undefined>>;

export default async function MemoriesPage({ searchParams }: { searchParams: SP }) {
  const sp = await searchParams;
  const rawQuery = Array.isArray(sp.q) ? sp.q[0] : sp.q;
  // A search past the limit is refused in words, not dropped (which showed the whole list instead).
  if (rawQuery && rawQuery.length > SEARCH_QUERY_CHARS) return <QueryTooLong chars={rawQuery.length} />;
  const p = parseBrowseParams(sp);
  const ctx = serverCtx();
  const r = await browseMemories(ctx, p);
  const names = new Map(r.projects.map((x) => [x.id, x.name]));
  const q = p.q?.trim() ?? "";
  const sync = syncStatesOf(
    ctx,
    r.items.map((m) => m.id),
  );
  const rows: Row[] = r.items.map((m) => {
    const text = m.snippet ?? (m.content.length > 400 ? `${m.content.slice(0, 400)}…` : m.content);
    return {
      id: m.id,
      title: m.title ? (q ? highlight(m.title, q) : [{ text: m.title, hit: false }]) : null,
      text: q ? highlight(text, q) : [{ text, hit: false }],
      category: m.category,
      scope: m.scope,
      status: m.status,
      pinned: m.pinned,
      priority: m.priority,
      tags: m.tags,
      project: m.projectId ? (names.get(m.projectId) ?? m.projectId.slice(0, 8)) : null,
      age: m.age,
      createdAt: m.createdAt,
      score: m.score,
      sync: sync?.get(m.id),
    };
  });
  const filtered = Boolean(p.project || p.scope || p.category || (p.status && p.status !== "active") || p.tag || p.pinned);
  const link = (extra: Partial<BrowseParams>) => `/memories?${toQuery({ ...p, ...extra })}`;

  return (
    <div>
      {/* First in the page: past the filters to the first memory in one key press. */}
      <a
        href="#memory-list"
        className="sr-only focus:not-sr-only focus:mb-2 focus:inline-block focus:rounded focus:bg-indigo-600 focus:px-3 focus:py-1 focus:text-white"
      >
        Skip to the list
      </a>
      <PageHeader
        title="Memories"
        description={
          q ? (
            <span data-testid="result-summary">
              {position(r.matches, rows.length)} for “{q}” · <Badge tone={r.search?.mode === "hybrid" ? "green" : "amber"}>{r.search?.mode}</Badge>{" "}
              {r.search?.reason} · {r.search ? `${r.search.tookMs.toFixed(0)} ms` : ""}
            </span>
          ) : (
            <span data-testid="result-summary">
              {fmt(r.total)} {r.total === 1 ? "memory" : "memories"}
              {filtered ? " match the filters" : p.status === "all" ? "" : " active"}
            </span>
          )
        }
        actions={
          <Link href="/memories/new" className={btn.primary} data-testid="new-memory">
            New memory
          </Link>
        }
      />

      <Form
        action="/memories"
        role="search"
        aria-label="Search and filter memories"
        className="mb-4 grid gap-3 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <FilterAutoApply action="/memories" />
        <div className="flex gap-2">
          <label htmlFor="q" className="sr-only">
            Search memories
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={p.q ?? ""}
            placeholder="Search memories (press / to focus)"
            data-search-box
            data-testid="search-input"
            maxLength={SEARCH_QUERY_CHARS}
            className={input}
            autoComplete="off"
          />
          <button type="submit" className={btn.primary} data-testid="search-submit">
            Search
          </button>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-8">
          <Select name="project" label="Project" value={p.project} options={r.projects.map((x) => [x.id, x.name])} />
          <Select name="scope" label="Scope" value={p.scope} options={SCOPES.map((s) => [s, s])} />
          <Select name="category" label="Category" value={p.category} options={CATEGORIES.map((s) => [s, s])} />
          <Select
            name="status"
            label="Status"
            value={p.status}
            any="active"
            options={[...STATUSES.filter((s) => s !== "active").map((s) => [s, s] as [string, string]), ["all", "all"]]}
          />
          <div>
            <label htmlFor="f-tag" className={label}>
              Tags
            </label>
            <input id="f-tag" name="tag" defaultValue={p.tag ?? ""} placeholder="a, b" className={input} data-testid="filter-tag" />
          </div>
          <Select
            name="pinned"
            label="Pinned"
            value={p.pinned}
            options={[
              ["yes", "pinned"],
              ["no", "not pinned"],
            ]}
          />
          <Select
            name="sort"
            label="Sort by"
            value={p.sort}
            any="created"
            options={[
              ["updated", "updated"],
              ["priority", "priority"],
              ["accessed", "last accessed"],
            ]}
            disabled={!!q}
          />
          <Select name="order" label="Order" value={p.order} any="newest first" options={[["asc", "oldest first"]]} disabled={!!q} />
          {q ? (
            <p className="col-span-2 self-end text-xs text-zinc-600 sm:col-span-4 lg:col-span-8 dark:text-zinc-400">
              A search is ordered by relevance: sort and order apply to the list without a search.
            </p>
          ) : null}
        </div>
        <div className="flex gap-2 text-sm">
          <button type="submit" className={btn.secondary} data-testid="apply-filters">
            Apply
          </button>
          {filtered || q ? (
            <Link href="/memories" className={btn.ghost} data-testid="clear-filters">
              Clear
            </Link>
          ) : null}
        </div>
      </Form>

      <MemoryTable
        rows={rows}
        matching={
          q && r.matches
            ? {
                total: r.matches.total,
                more: r.matches.more,
                search: {
                  query: q,
                  // As the page searched: a project id it does not know is ignored, not a filter.
                  project: names.has(p.project ?? "") ? p.project : undefined,
                  scope: p.scope,
                  category: p.category,
                  status: p.status,
                  tags: p.tag
                    ?.split(",")
                    .map((t) => t.trim())
                    .filter(Boolean),
                  pinned: p.pinned,
                },
              }
            : undefined
        }
        empty={
          r.total === 0 && !filtered && !q ? (
            <EmptyState title="No memories yet">
              Your agent stores them with <code>memory_store</code>. You can also <TextLink href="/memories/new">write one</TextLink> or{" "}
              <TextLink href="/export">import a file</TextLink>.
            </EmptyState>
          ) : (
            <EmptyState title={q ? `Nothing matches “${q}”` : "No memories match these filters"}>
              <TextLink href="/memories">Clear the search and filters</TextLink>
            </EmptyState>
          )
        }
      />

      {q && r.matches && r.matches.total > rows.length ? (
        <nav aria-label="Pages of results" className="mt-4 flex items-center justify-between gap-2" data-testid="search-pager">
          {r.matches.offset > 0 ? (
            <Link href={link({ page: (p.page ?? 1) - 1 })} className={btn.secondary} data-testid="previous-page">
              ← Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="page-position">
            {position(r.matches, rows.length)}
          </span>
          {r.matches.offset + rows.length < r.matches.total ? (
            <Link href={link({ page: (p.page ?? 1) + 1 })} className={btn.secondary} data-testid="next-page">
              Next →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}

      {!q && (p.cursor || r.nextCursor) ? (
        <nav aria-label="Pages" className="mt-4 flex justify-between gap-2">
          {p.cursor ? (
            <Link href={link({ cursor: undefined })} className={btn.secondary} data-testid="first-page">
              ← First page
            </Link>
          ) : (
            <span />
          )}
          {r.nextCursor ? (
            <Link href={link({ cursor: r.nextCursor })} className={btn.secondary} data-testid="next-page">
              Next page →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

function Select({
  name,
  label: l,
  value,
  options,
  any = "any",
  disabled,
}: {
  name: string;
  label: string;
  value?: string;
  options: [string, string][];
  any?: string;
  disabled?: boolean;
}) {
  return (
    <div>
      <label htmlFor={`f-${name}`} className={label}>
        {l}
      </label>
      <select id={`f-${name}`} name={name} defaultValue={value ?? ""} className={input} data-testid={`filter-${name}`} disabled={disabled}>
        <option value="">{any}</option>
        {options.map(([v, t]) => (
          <option key={v} value={v}>
            {t}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "51–100 of 331 results" ("of 1,000+" when more memories contain a query word than a search ranks). */
function position(m: { offset: number; total: number; more: boolean } | null, shown: number): string {
  if (!m || shown === 0) return "0 results";
  const of = `${fmt(m.total)}${m.more ? "+" : ""}`;
  return `${fmt(m.offset + 1)}–${fmt(m.offset + shown)} of ${of} ${m.total === 1 ? "result" : "results"}`;
}

function toQuery(p: Record<string, unknown>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== "") sp.set(k, String(v));
  return sp.toString();
}
