import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { serverCtx } from "@/lib/boot";
import { checkpointView, rawHistoryPage } from "@/lib/views/checkpoints";
import { MARKDOWN_CLASS, renderMarkdownAsync } from "@/lib/views/markdown";
import { Ago } from "../../_components/Ago";
import { Badge, btn, Card, fmt, PageHeader, TextLink } from "../../_components/ui";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  const c = checkpointView(serverCtx(), id);
  return { title: c ? `Checkpoint: ${c.task ?? c.sessionTitle ?? c.sessionId}` : "Checkpoint not found" };
}

const PAGE = 20;
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
  const asked = Math.max(0, Number.parseInt(sp.offset ?? "0", 10) || 0);
  // An offset past the end (an old link, a hand-edited URL) shows the last page instead.
  const total = rawHistoryPage(ctx, id, 0, 1).total;
  const offset = asked >= total ? Math.max(0, Math.floor((total - 1) / PAGE) * PAGE) : asked;
  const raw = rawHistoryPage(ctx, id, offset, PAGE);
  const x = c.extracted;
  const list = (title: string, items: unknown[] | undefined, testId: string) =>
    items?.length ? (
      <div data-testid={testId}>
        <h3 className="mt-3 text-xs font-semibold uppercase text-zinc-600 dark:text-zinc-400">{title}</h3>
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
            <TextLink href={`/sessions/${encodeURIComponent(c.sessionId)}`}>{c.sessionTitle ?? c.sessionId}</TextLink>
            <span>
              <Ago at={c.createdAt} /> · {fmt(c.messageCount)} messages · {fmt(c.tokensRaw)} tokens raw → {fmt(c.tokensSummary)} summary
            </span>
          </span>
        }
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card title="Summary" testId="checkpoint-markdown">
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown escapes raw HTML and keeps only safe links (lib/views/markdown.ts). */}
          <div className={MARKDOWN_CLASS} dangerouslySetInnerHTML={{ __html: await renderMarkdownAsync(c.markdown) }} />
        </Card>
        <Card title="Extracted items" testId="checkpoint-extracted">
          <details>
            <summary className="cursor-pointer text-sm text-zinc-600 dark:text-zinc-400">
              The structured items the summary was written from (files, errors, decisions)
            </summary>
            {x.task ? (
              <p className="text-sm">
                <span className="text-xs font-semibold uppercase text-zinc-600 dark:text-zinc-400">Task</span>
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
                <h3 className="mt-3 text-xs font-semibold uppercase text-zinc-600 dark:text-zinc-400">Files modified</h3>
                <ul className="mt-1 space-y-0.5 text-xs">
                  {x.filesModified.map((f) => (
                    <li key={f.path}>
                      <code>{f.path}</code>{" "}
                      <span className="text-zinc-600 dark:text-zinc-400">
                        {f.ops.join(", ")} ×{f.count}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {x.errors?.length ? (
              <div data-testid="x-errors">
                <h3 className="mt-3 text-xs font-semibold uppercase text-zinc-600 dark:text-zinc-400">Errors</h3>
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
          </details>
        </Card>
      </div>
      <div id="raw" className="scroll-mt-4" />
      <Card title={`Raw history (${fmt(raw.total)} messages, redacted)`} testId="checkpoint-raw" className="mt-4">
        {asked !== offset ? (
          <p data-testid="raw-offset-note" className="mb-2 text-sm text-zinc-600 dark:text-zinc-400">
            There is no message {fmt(asked + 1)}: showing the last page.
          </p>
        ) : null}
        {raw.total === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No raw messages stored.</p>
        ) : (
          <>
            <ol className="space-y-2">
              {raw.messages.map((m) => (
                <li key={m.index} data-testid="raw-message" className="rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
                  <div className="text-xs text-zinc-600 dark:text-zinc-400">
                    #{m.index + 1} · <Badge tone={m.role === "user" ? "sky" : m.role === "assistant" ? "indigo" : "zinc"}>{m.role}</Badge>
                  </div>
                  {m.parts.map((p, i) =>
                    p.kind === "tool" ? (
                      <div key={i} className="mt-1" data-testid="raw-tool">
                        <span className="text-xs text-zinc-600 dark:text-zinc-400">
                          tool <code>{p.tool}</code> {p.status ? `(${p.status})` : ""}
                        </span>
                        <p className="mt-1 text-xs font-semibold text-zinc-600 dark:text-zinc-400">Input</p>
                        <pre className="max-h-40 overflow-auto whitespace-pre-wrap break-words rounded bg-zinc-50 p-1 font-mono text-xs dark:bg-zinc-950">
                          {p.input}
                        </pre>
                        <p className="mt-1 text-xs font-semibold text-zinc-600 dark:text-zinc-400">Output</p>
                        <pre className="max-h-60 overflow-auto whitespace-pre-wrap break-words rounded bg-zinc-50 p-1 font-mono text-xs dark:bg-zinc-950">
                          {p.output}
                        </pre>
                      </div>
                    ) : p.kind === "prose" ? (
                      <div key={i} className="mt-1">
                        {p.type !== "text" ? <span className="text-xs text-zinc-600 dark:text-zinc-400">{p.type}</span> : null}
                        <p className="max-h-60 overflow-auto whitespace-pre-wrap break-words text-sm">{p.text}</p>
                      </div>
                    ) : (
                      <div key={i} className="mt-1">
                        <span className="text-xs text-zinc-600 dark:text-zinc-400">{p.type}</span>
                        <pre className="max-h-40 overflow-auto whitespace-pre-wrap break-words font-mono text-xs">{p.text}</pre>
                      </div>
                    ),
                  )}
                </li>
              ))}
            </ol>
            <nav aria-label="History pages" className="mt-3 flex items-center justify-between text-sm">
              {offset > 0 ? (
                <Link href={`/checkpoints/${id}?offset=${Math.max(0, offset - PAGE)}#raw`} scroll={false} className={btn.secondary} data-testid="raw-prev">
                  ← Previous
                </Link>
              ) : (
                <span />
              )}
              <span className="text-zinc-600 dark:text-zinc-400">
                {offset + 1}–{Math.min(raw.total, offset + PAGE)} of {fmt(raw.total)}
              </span>
              {offset + PAGE < raw.total ? (
                <Link href={`/checkpoints/${id}?offset=${offset + PAGE}#raw`} scroll={false} className={btn.secondary} data-testid="raw-next">
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
