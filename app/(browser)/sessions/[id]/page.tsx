import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { serverCtx } from "@/lib/boot";
import { sessionDetail } from "@/lib/views/session";
import { timeLeft } from "@/lib/views/activity";
import { EndSession, ReleaseClaim } from "../../_components/SessionControls";
import { Ago } from "../../_components/Ago";
import { Badge, Card, DataTable, PageHeader, TextLink } from "../../_components/ui";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const s = sessionDetail(serverCtx(), id);
  return { title: s ? `Session: ${s.title ?? s.id}` : "Session not found" };
}

export default async function SessionPage({ params }: Props) {
  const { id } = await params;
  const now = Date.now();
  const s = sessionDetail(serverCtx(), id, now);
  if (!s) notFound();
  return (
    <div data-testid="session-detail">
      <p className="mb-2 text-sm">
        <TextLink href="/sessions?all=1">← Sessions</TextLink>
      </p>
      <PageHeader
        title={s.title ?? `Session ${s.id}`}
        description={
          <span className="flex flex-wrap items-center gap-1.5">
            <span className="font-mono text-xs">{s.id}</span>
            <Badge tone={s.status === "active" ? "green" : "zinc"}>
              <span data-testid="session-status">{s.status}</span>
            </Badge>
            {s.project ? <span>{s.project}</span> : null}
            {s.agent ? <Badge>{s.agent}</Badge> : null}
            <span>
              · started <Ago at={s.startedAt} now={now} />
              {s.endedAt ? (
                <>
                  {" "}
                  · ended <Ago at={s.endedAt} now={now} />
                </>
              ) : null}
            </span>
          </span>
        }
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Summary" testId="session-summary">
          {s.summary ? (
            <p className="whitespace-pre-wrap break-words text-sm">{s.summary}</p>
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {s.status === "ended" ? "Ended without a summary." : "No summary yet: a session gets one when it ends."}
            </p>
          )}
          {s.workingOn ? <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">Working on: {s.workingOn}</p> : null}
          {s.status === "active" ? (
            <div className="mt-4">
              <EndSession id={s.id} />
            </div>
          ) : null}
        </Card>
        <Card title={`Claims (${s.claims.length})`} testId="session-claims">
          {s.claims.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">No live claims.</p>
          ) : (
            <ul className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
              {s.claims.map((c) => (
                <li key={`${c.projectId}-${c.item}`} data-testid="session-claim" className="flex flex-wrap items-center justify-between gap-2 py-1">
                  <span className="min-w-0 break-words">
                    <span className="font-mono text-xs">{c.item}</span> <span className="text-zinc-600 dark:text-zinc-400">({c.kind})</span>
                    {c.note ? <span> · {c.note}</span> : null}
                    <span className="text-xs text-zinc-600 dark:text-zinc-400"> · expires in {timeLeft(c.expiresAt, now)}</span>
                  </span>
                  <ReleaseClaim sessionId={s.id} projectId={c.projectId} item={c.item} />
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={`Checkpoints (${s.checkpoints.length})`} testId="session-checkpoints">
          {s.checkpoints.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">No checkpoints.</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {s.checkpoints.map((c) => (
                <li key={c.id}>
                  <TextLink href={`/checkpoints/${c.id}`}>{c.trigger} checkpoint</TextLink>{" "}
                  <span className="text-zinc-600 dark:text-zinc-400">
                    · {c.messageCount} messages · <Ago at={c.createdAt} now={now} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Injected memories" testId="session-injections">
          {s.injections.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing recorded as injected into this session.</p>
          ) : (
            <DataTable columns={["Memory", "Block", "When"]}>
              {s.injections.map((r, i) => (
                <tr key={i} data-testid="session-injection" className="border-t border-zinc-100 dark:border-zinc-800">
                  <td className="py-1 pr-3 break-words">
                    <TextLink href={`/memories/${r.memoryId}`}>{r.title}</TextLink>
                  </td>
                  <td className="py-1 pr-3 text-xs text-zinc-600 dark:text-zinc-400">
                    {r.query === null ? "stable (system prompt)" : `recall: “${r.query.slice(0, 60)}”`}
                  </td>
                  <td className="py-1 text-xs">
                    <Ago at={r.at} now={now} />
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </Card>
      </div>
    </div>
  );
}
