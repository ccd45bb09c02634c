import type { Metadata } from "next";
import { serverCtx } from "@/lib/boot";
import { claimsView, sessionsView, timeLeft } from "@/lib/views/activity";
import { Ago } from "../_components/Ago";
import { Badge, Card, EmptyState, PageHeader, TextLink } from "../_components/ui";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sessions" };

export default async function SessionsPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const sp = await searchParams;
  const includeEnded = sp.all === "1";
  const ctx = serverCtx();
  const now = Date.now();
  const list = sessionsView(ctx, { includeEnded }, now);
  const claimList = claimsView(ctx, now);
  return (
    <div data-testid="sessions">
      <PageHeader
        title="Sessions"
        description="OpenCode sessions that talk to this server, what each is working on, and the items they claimed."
        actions={<TextLink href={includeEnded ? "/sessions" : "/sessions?all=1"}>{includeEnded ? "Active only" : "Show ended sessions too"}</TextLink>}
      />
      <Card title={`${includeEnded ? "Recent" : "Active"} sessions (${list.length})`} testId="session-list">
        {list.length === 0 ? (
          <EmptyState title={includeEnded ? "No sessions yet" : "No active sessions"}>
            Sessions appear here when OpenCode runs with the Recollect plugin.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {list.map((s) => (
              <li key={s.id} id={s.id} data-testid="session-item" className="py-2 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <TextLink href={`/sessions/${encodeURIComponent(s.id)}`} className="font-mono text-xs">
                    {s.id}
                  </TextLink>
                  <Badge tone={s.status === "active" ? (s.stale ? "amber" : "green") : "zinc"}>{s.status === "active" && s.stale ? "stale" : s.status}</Badge>
                  {s.project ? <span className="text-zinc-600 dark:text-zinc-400">{s.project}</span> : null}
                  {s.agent ? <Badge>{s.agent}</Badge> : null}
                  <span className="text-xs text-zinc-600 dark:text-zinc-400">
                    started <Ago at={s.startedAt} now={now} /> · heartbeat <Ago at={s.lastHeartbeatAt} now={now} />
                  </span>
                  <TextLink className="text-xs" href={`/checkpoints?session=${encodeURIComponent(s.id)}`}>
                    checkpoints
                  </TextLink>
                </div>
                {s.title ? <div className="mt-0.5">{s.title}</div> : null}
                {s.workingOn ? <div className="mt-0.5 text-zinc-600 dark:text-zinc-400">Working on: {s.workingOn}</div> : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={`Claims (${claimList.length})`} testId="claim-list" className="mt-4">
        {claimList.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            No live claims. Sessions claim an issue or a file so that two agents do not work on it at once.
          </p>
        ) : (
          // A table from `sm` up; below it each claim is a stack of labelled lines, so a phone
          // never scrolls it sideways.
          <table className="block w-full text-left text-sm sm:table" data-testid="claim-table">
            <thead className="hidden text-xs uppercase text-zinc-600 sm:table-header-group dark:text-zinc-400">
              <tr>
                {["Item", "Project", "Session", "Note", "Expires in"].map((c) => (
                  <th key={c} scope="col" className="py-1 pr-3 font-medium">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="block sm:table-row-group">
              {claimList.map((c) => (
                <tr
                  key={`${c.project}-${c.item}`}
                  data-testid="claim-item"
                  className="block border-t border-zinc-100 py-2 sm:table-row sm:py-0 dark:border-zinc-800"
                >
                  <StackedCell label="Item" className="font-mono text-xs">
                    {c.item} <span className="text-zinc-600 dark:text-zinc-400">({c.kind})</span>
                  </StackedCell>
                  <StackedCell label="Project">{c.project}</StackedCell>
                  <StackedCell label="Session" className="font-mono text-xs">
                    <TextLink href={`/sessions/${encodeURIComponent(c.sessionId)}`}>{c.sessionId}</TextLink>
                  </StackedCell>
                  <StackedCell label="Note">{c.note}</StackedCell>
                  <StackedCell label="Expires in" className="tabular-nums">
                    {timeLeft(c.expiresAt, now)}
                  </StackedCell>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}

/** A cell that is a labelled line of a stacked row below `sm` ("Note: on it"), a plain cell above. */
function StackedCell({ label, className = "", children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <td className={`flex gap-2 break-all py-0.5 sm:table-cell sm:break-normal sm:py-1 sm:pr-3 ${className}`}>
      <span className="w-20 shrink-0 font-sans text-xs text-zinc-600 sm:hidden dark:text-zinc-400">{label}</span>
      <span className="min-w-0">{children}</span>
    </td>
  );
}
