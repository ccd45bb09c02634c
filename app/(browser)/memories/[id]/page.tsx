import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { serverCtx } from "@/lib/boot";
import { syncStatesOf } from "@/lib/team/status";
import { memoryDetail } from "@/lib/views/detail";
import { MARKDOWN_CLASS, renderMarkdownAsync } from "@/lib/views/markdown";
import { CATEGORIES } from "@/lib/vocabulary";
import { listProjects } from "@/lib/projects/resolve";
import { MemoryActions } from "../../_components/MemoryActions";
import { MemoryForm } from "../../_components/MemoryForm";
import { valuesOf } from "../../_components/memory-form-values";
import { MemoryPlace } from "../../_components/MemoryPlace";
import { TrackerCard } from "../../_components/TrackerCard";
import { trackersOfMemory } from "@/lib/enrichment";
import { Ago } from "../../_components/Ago";
import { FormNotice } from "../../_components/FormNotice";
import { SyncBadge } from "../../_components/SyncBadge";
import { Badge, Card, PageHeader, statusTone, TextLink } from "../../_components/ui";
import { ChainCard, DetailsCard, LinksCard, UsageCard } from "./side-cards";
import { VersionHistory } from "./version-history";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  const d = memoryDetail(serverCtx(), id);
  return { title: d ? d.memory.title || firstLine(d.memory.content) : "Memory not found" };
}

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
            <SyncBadge state={syncStatesOf(ctx, [m.id])?.get(m.id)} />
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
              ...valuesOf(m),
              scope: m.scope,
              project: m.projectId ?? "",
              sessionId: m.sessionId ?? "",
            }}
          />
        </Card>
        <div className="grid content-start gap-4">
          <TrackerCard trackers={trackers} />
          <UsageCard d={d} />
          <ChainCard d={d} />
          <LinksCard d={d} />
          <Card title="Where it applies" testId="place">
            <MemoryPlace
              id={m.id}
              scope={m.scope}
              projectId={m.projectId}
              sessionId={m.sessionId}
              projects={listProjects(ctx).map((p) => ({ id: p.id, name: p.name }))}
            />
          </Card>
          <DetailsCard d={d} />
        </div>
      </div>

      <VersionHistory d={d} />
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
