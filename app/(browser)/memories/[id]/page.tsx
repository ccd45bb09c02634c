import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { serverCtx } from "@/lib/boot";
import { memoryDetail } from "@/lib/views/detail";
import { MARKDOWN_CLASS, renderMarkdownAsync } from "@/lib/views/markdown";
import { CATEGORIES } from "@/lib/vocabulary";
import { listProjects } from "@/lib/projects/resolve";
import { LinkForm } from "../../_components/LinkForm";
import { MemoryActions } from "../../_components/MemoryActions";
import { MemoryForm } from "../../_components/MemoryForm";
import { MemoryPlace } from "../../_components/MemoryPlace";
import { RemoveLink } from "../../_components/RemoveLink";
import { RevertVersion } from "../../_components/RevertVersion";
import { TrackerCard } from "../../_components/TrackerCard";
import { trackersOfMemory } from "@/lib/enrichment";
import { Ago } from "../../_components/Ago";
import { FormNotice } from "../../_components/FormNotice";
import { Badge, Card, PageHeader, statusTone, TextLink, when } from "../../_components/ui";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  const d = memoryDetail(serverCtx(), id);
  return { title: d ? d.memory.title || firstLine(d.memory.content) : "Memory not found" };
}

const USAGE_LABEL: Record<string, string> = { search: "found by agent searches", recall: "found by recall searches", get: "read by id", expand: "expanded" };

/** How a link reads from this memory's side: "derived from" X going out, "source of" X coming in. */
const LINK_LABEL: Record<string, { out: string; in: string }> = {
  relates: { out: "relates to", in: "related from" },
  supersedes: { out: "supersedes", in: "superseded by" },
  contradicts: { out: "contradicts", in: "contradicted by" },
  derived_from: { out: "derived from", in: "source of" },
};
const linkLabel = (kind: string, direction: "out" | "in") => LINK_LABEL[kind]?.[direction] ?? kind.replace(/_/g, " ");

export default async function MemoryPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const { id } = await params;
  const sp = await searchParams;
  const ctx = serverCtx();
  const d = memoryDetail(ctx, id);
  if (!d) notFound();
  const m = d.memory;
  const injections = d.usage.find((u) => u.kind === "inject");
  const trackers = await trackersOfMemory(ctx, id);
  return (
    <div data-testid="memory-detail">
      <p className="mb-2 text-sm">
        <TextLink href="/memories">← Memories</TextLink>
      </p>
      <PageHeader
        title={m.title || firstLine(m.content)}
        description={
          <span className="flex flex-wrap items-center gap-1.5">
            <Badge tone="indigo">{m.category}</Badge>
            <Badge>{m.scope}</Badge>
            <Badge tone={statusTone(m.status)}>
              <span data-testid="memory-status">{m.status}</span>
            </Badge>
            {m.pinned ? <Badge tone="amber">pinned</Badge> : null}
            {d.project ? (
              <span>
                project <TextLink href={`/memories?project=${encodeURIComponent(d.project.id)}`}>{d.project.name}</TextLink>
              </span>
            ) : null}
            {m.sessionId ? <span>session {m.sessionId}</span> : null}
            <span>
              · created <Ago at={m.createdAt} /> by {m.source}
            </span>
          </span>
        }
        actions={<MemoryActions id={m.id} status={m.status} category={m.category} />}
      />
      {sp.created && m.createdAt === m.updatedAt ? (
        <p
          role="status"
          data-testid="created-notice"
          className="mb-4 rounded-md bg-emerald-50 p-2 text-sm text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"
        >
          Memory created.
        </p>
      ) : null}
      <FormNotice params={sp} />

      {isLong(m.content) ? (
        <Card title="Read" testId="memory-read" className="mb-4">
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown escapes raw HTML and keeps only safe links (lib/views/markdown.ts). */}
          <div className={MARKDOWN_CLASS} dangerouslySetInnerHTML={{ __html: await renderMarkdownAsync(m.content) }} />
        </Card>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card title="Edit">
          <MemoryForm
            key={m.id}
            mode="edit"
            memoryId={m.id}
            updatedAt={m.updatedAt}
            categories={CATEGORIES}
            projects={listProjects(ctx).map((p) => ({ id: p.id, name: p.name }))}
            initial={{
              title: m.title ?? "",
              content: m.content,
              category: m.category,
              tags: m.tags.join(", "),
              pinned: m.pinned,
              priority: String(m.priority),
              status: m.status,
              scope: m.scope,
              project: m.projectId ?? "",
              sessionId: m.sessionId ?? "",
            }}
          />
        </Card>
        <div className="grid content-start gap-4">
          <TrackerCard trackers={trackers} />
          <Card title="Usage" testId="usage">
            <p className="text-sm">
              Injected <strong data-testid="injection-count">{injections?.n ?? 0}</strong> {injections?.n === 1 ? "time" : "times"}
              {injections ? (
                <span className="text-zinc-600 dark:text-zinc-400">
                  {" "}
                  · last <Ago at={injections.last} />
                </span>
              ) : null}
            </p>
            <ul className="mt-2 space-y-0.5 text-xs text-zinc-600 dark:text-zinc-400">
              {d.usage
                .filter((u) => u.kind !== "inject")
                .map((u) => (
                  <li key={u.kind}>
                    {USAGE_LABEL[u.kind] ?? u.kind}: {u.n} · last <Ago at={u.last} />
                  </li>
                ))}
              <li>
                accessed by agents {m.accessCount} {m.accessCount === 1 ? "time" : "times"}
                {m.lastAccessedAt ? (
                  <>
                    {" "}
                    · last <Ago at={m.lastAccessedAt} />
                  </>
                ) : null}
              </li>
            </ul>
            {d.recentInjections.length ? (
              <>
                <h3 className="mt-3 text-xs font-semibold uppercase text-zinc-600 dark:text-zinc-400">Recently injected into</h3>
                <ul className="mt-1 space-y-0.5 text-xs">
                  {d.recentInjections.map((r, i) => (
                    <li key={i} data-testid="injection-item">
                      <Ago at={r.at} /> ·{" "}
                      {r.sessionId ? <TextLink href={`/sessions/${encodeURIComponent(r.sessionId)}`}>{r.sessionTitle ?? r.sessionId}</TextLink> : "no session"}
                      <span className="text-zinc-600 dark:text-zinc-400">
                        {" "}
                        · {r.block === "stable" ? "stable block (system prompt)" : `recall block for “${(r.query ?? "").slice(0, 60)}”`}
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </Card>
          {d.chain.length ? (
            <Card title="Supersession chain" testId="supersession-chain">
              <ol className="space-y-1 text-sm">
                {d.chain.map((c) => (
                  <li key={c.id} data-testid="chain-item" className={c.id === m.id ? "font-semibold" : ""}>
                    {c.id === m.id ? <span>{c.title}</span> : <TextLink href={`/memories/${c.id}`}>{c.title}</TextLink>}
                    <span className="text-xs text-zinc-600 dark:text-zinc-400">
                      {" "}
                      · {c.status} · {when(c.createdAt)}
                    </span>
                  </li>
                ))}
              </ol>
              <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">Oldest first; each is replaced by the one below it.</p>
            </Card>
          ) : null}
          <Card title="Links" testId="links">
            {d.links.length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">No related memories linked.</p>
            ) : (
              <ul className="space-y-1 text-sm">
                {d.links.map((l) => (
                  <li key={`${l.direction}-${l.kind}-${l.otherId}`} data-testid="link-item">
                    <span className="text-xs text-zinc-600 dark:text-zinc-400">{linkLabel(l.kind, l.direction)} </span>
                    {l.other ? <TextLink href={`/memories/${l.otherId}`}>{l.other.title}</TextLink> : <span>{l.otherId}</span>}{" "}
                    <RemoveLink
                      from={l.direction === "out" ? m.id : l.otherId}
                      to={l.direction === "out" ? l.otherId : m.id}
                      kind={l.kind}
                      label={l.other?.title ?? l.otherId}
                    />
                  </li>
                ))}
              </ul>
            )}
            <LinkForm id={m.id} />
          </Card>
          <Card title="Where it applies" testId="place">
            <MemoryPlace
              id={m.id}
              scope={m.scope}
              projectId={m.projectId}
              sessionId={m.sessionId}
              projects={listProjects(ctx).map((p) => ({ id: p.id, name: p.name }))}
            />
          </Card>
          <Card title="Details">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
              <dt className="text-zinc-600 dark:text-zinc-400">id</dt>
              <dd className="break-all font-mono" data-testid="memory-id">
                {m.id}
              </dd>
              <dt className="text-zinc-600 dark:text-zinc-400">created</dt>
              <dd>{when(m.createdAt)}</dd>
              <dt className="text-zinc-600 dark:text-zinc-400">updated</dt>
              <dd>{when(m.updatedAt)}</dd>
              <dt className="text-zinc-600 dark:text-zinc-400">priority</dt>
              <dd>{m.priority}</dd>
              {Object.keys(m.metadata).length ? (
                <>
                  <dt className="text-zinc-600 dark:text-zinc-400">metadata</dt>
                  <dd>
                    <pre className="whitespace-pre-wrap break-all">{JSON.stringify(m.metadata, null, 1)}</pre>
                  </dd>
                </>
              ) : null}
            </dl>
          </Card>
        </div>
      </div>

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
      <p className="mt-4 text-sm">
        <Link
          href={`/memories/new?category=${m.category}${m.projectId ? `&project=${m.projectId}` : ""}`}
          className="text-indigo-700 hover:underline dark:text-indigo-400"
        >
          New memory like this →
        </Link>
      </p>
    </div>
  );
}

/** Long or structured content gets a rendered read view above the form. */
const isLong = (s: string) => s.length > 400 || /^(#{1,6} |[-*] |\d+\. |```)/m.test(s);

const firstLine = (s: string) => {
  const l = s.split("\n").find((x) => x.trim()) ?? "";
  return l.length > 90 ? `${l.slice(0, 89)}…` : l;
};
