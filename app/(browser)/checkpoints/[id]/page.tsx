import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { serverCtx } from "@/lib/boot";
import { checkpointView, rawHistoryPage } from "@/lib/views/checkpoints";
import { renderMarkdown } from "@/lib/views/markdown";
import { Badge, btn, Card, fmt, PageHeader, TextLink, when } from "../../_components/ui";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Checkpoint" };

const PAGE = 20;
const mdClass =
  "text-sm leading-relaxed [&_a]:text-indigo-700 [&_a]:underline dark:[&_a]:text-indigo-400 [&_code]:rounded [&_code]:bg-zinc-100 [&_code]:px-1 dark:[&_code]:bg-zinc-800 [&_h1]:mb-2 [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:mb-1 [&_h2]:mt-4 [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:font-medium [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-zinc-100 [&_pre]:p-2 dark:[&_pre]:bg-zinc-800 [&_ul]:list-disc [&_ul]:pl-5";

export default async function CheckpointPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const { id } = await params;
  const sp = await searchParams;
  const ctx = serverCtx();
  const c = checkpointView(ctx, id);
  if (!c) notFound();
  const offset = Math.max(0, Number.parseInt(sp.offset ?? "0", 10) || 0);
  const raw = rawHistoryPage(ctx, id, offset, PAGE)!;
  const x = c.extracted;
  const list = (title: string, items: unknown[] | undefined, testId: string) =>
    items?.length ? (
      <div data-testid={testId}>
        <h3 className="mt-3 text-xs font-semibold uppercase text-zinc-500">{title}</h3>
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
          {items.map((i, n) => (
            <li key={n}>{typeof i === "string" ? i : JSON.stringify(i)}</li>
          ))}
        </ul>
      </div>
    ) : null;
  return (
    <div data-testid="checkpoint-detail">
      <p className="mb-2 text-sm">
        <TextLink href={`/checkpoints?session=${encodeURIComponent(c.sessionId)}`}>← Checkpoints of this session</TextLink>
      </p>
      <PageHeader
        title={c.task ?? "Checkpoint"}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone="indigo">{c.trigger}</Badge>
            {c.project ? <span>{c.project.name}</span> : null}
            <span className="font-mono text-xs">{c.sessionId}</span>
            <span>
              {when(c.createdAt)} · {fmt(c.messageCount)} messages · {fmt(c.tokensRaw)} tokens raw → {fmt(c.tokensSummary)} summary
            </span>
          </span>
        }
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card title="Summary" testId="checkpoint-markdown">
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown escapes raw HTML and keeps only safe links (lib/views/markdown.ts). */}
          <div className={mdClass} dangerouslySetInnerHTML={{ __html: renderMarkdown(c.markdown) }} />
        </Card>
        <Card title="Extracted" testId="checkpoint-extracted">
          {x.task ? (
            <p className="text-sm">
              <span className="text-xs font-semibold uppercase text-zinc-500">Task</span>
              <br />
              {x.task}
            </p>
          ) : null}
          {x.latestRequest ? <p className="mt-2 text-sm">Latest request: {x.latestRequest}</p> : null}
          {list("Progress", x.progress, "x-progress")}
          {list("Decisions", x.decisions, "x-decisions")}
          {list("Constraints", x.constraints, "x-constraints")}
          {x.filesModified?.length ? (
            <div data-testid="x-files">
              <h3 className="mt-3 text-xs font-semibold uppercase text-zinc-500">Files modified</h3>
              <ul className="mt-1 space-y-0.5 text-xs">
                {x.filesModified.map((f) => (
                  <li key={f.path}>
                    <code>{f.path}</code>{" "}
                    <span className="text-zinc-500">
                      {f.ops.join(", ")} ×{f.count}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {x.errors?.length ? (
            <div data-testid="x-errors">
              <h3 className="mt-3 text-xs font-semibold uppercase text-zinc-500">Errors</h3>
              <ul className="mt-1 space-y-0.5 text-xs">
                {x.errors.map((e, i) => (
                  <li key={i}>
                    <Badge tone={e.fixed ? "green" : "red"}>{e.fixed ? "fixed" : "open"}</Badge> {e.tool}: {e.message}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {list("Next steps", x.nextSteps, "x-next")}
          {list("Critical context", x.criticalContext, "x-critical")}
        </Card>
      </div>
      <Card title={`Raw history (${fmt(raw.total)} messages, redacted)`} testId="checkpoint-raw" className="mt-4">
        {raw.total === 0 ? (
          <p className="text-sm text-zinc-500">No raw messages stored.</p>
        ) : (
          <>
            <ol className="space-y-2">
              {raw.messages.map((m) => (
                <li key={m.index} data-testid="raw-message" className="rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
                  <div className="text-xs text-zinc-500">
                    #{m.index + 1} · <Badge tone={m.role === "user" ? "sky" : m.role === "assistant" ? "indigo" : "zinc"}>{m.role}</Badge>
                  </div>
                  {m.parts.map((p, i) => (
                    <div key={i} className="mt-1">
                      <span className="text-xs text-zinc-500">{p.type}</span>
                      <pre className="max-h-60 overflow-auto whitespace-pre-wrap break-words font-mono text-xs">{p.text}</pre>
                    </div>
                  ))}
                </li>
              ))}
            </ol>
            <nav aria-label="History pages" className="mt-3 flex items-center justify-between text-sm">
              {offset > 0 ? (
                <Link href={`/checkpoints/${id}?offset=${Math.max(0, offset - PAGE)}`} className={btn.secondary} data-testid="raw-prev">
                  ← Previous
                </Link>
              ) : (
                <span />
              )}
              <span className="text-zinc-500">
                {offset + 1}–{Math.min(raw.total, offset + PAGE)} of {fmt(raw.total)}
              </span>
              {offset + PAGE < raw.total ? (
                <Link href={`/checkpoints/${id}?offset=${offset + PAGE}`} className={btn.secondary} data-testid="raw-next">
                  Next →
                </Link>
              ) : (
                <span />
              )}
            </nav>
          </>
        )}
      </Card>
    </div>
  );
}
