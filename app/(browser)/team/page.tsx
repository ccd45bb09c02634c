import type { Metadata } from "next";
import Form from "next/form";
import { serverCtx } from "@/lib/boot";
import { teamPage, type TeamPageAudit } from "@/lib/views/team";
import { Ago } from "../_components/Ago";
import { FilterAutoApply } from "../_components/FilterAutoApply";
import { Badge, btn, Card, EmptyState, ErrorNote, fmt, input, label, PageHeader, Stat } from "../_components/ui";
import { SyncNow } from "./sync-now";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Team" };

type SP = Promise<Record<string, string | string[] | undefined>>;

/** Team memory (docs/team.md): this machine's sync with its hub; on a hub, its audit log. */
export default async function TeamPage({ searchParams }: { searchParams: SP }) {
  const d = await teamPage(serverCtx(), await searchParams);
  const s = d.status;
  return (
    <div data-testid="team">
      <PageHeader title="Team" description="Memories of shared projects sync with a team hub in the background; every change on the hub is in its audit log." />
      <Card title="This machine" testId="team-machine" className="mb-4">
        {s.joined ? (
          <div className="grid gap-3">
            <p className="text-sm">
              Joined <span className="font-mono break-all">{s.url}</span>{" "}
              <span data-testid="team-connection">
                <Badge tone={s.connection === "online" ? "green" : s.connection === "unknown" ? "zinc" : "amber"} title="whether the last sync reached the hub">
                  {s.connection}
                </Badge>
              </span>{" "}
              · last sync {s.lastSyncAt ? <Ago at={s.lastSyncAt} /> : "not yet"}
            </p>
            {s.lastError ? <ErrorNote testId="team-last-error">The last sync failed: {s.lastError}</ErrorNote> : null}
            <div className="grid gap-3 sm:grid-cols-3">
              <Stat label="pending" value={fmt(s.pending)} testId="team-pending" />
              <Stat label="conflicts" value={fmt(s.conflicts)} hint="in the review inbox" testId="team-conflicts" />
              <Stat label="synced" value={fmt(s.synced)} testId="team-synced" />
            </div>
            <p className="text-sm">
              Shared projects: {s.projects.length ? s.projects.map((p) => <Badge key={p.projectId}>{p.hubProject}</Badge>) : "none yet (recollect team share)"}
            </p>
            <SyncNow />
          </div>
        ) : (
          <p className="text-sm">
            This machine has joined no team hub: nothing leaves it. To share a project, run <code>recollect team join &lt;url&gt; --token …</code> then{" "}
            <code>recollect team share</code>.
          </p>
        )}
      </Card>
      {d.hub ? (
        <Card title="Hub audit log" testId="team-audit">
          {d.hubError ? <ErrorNote>The hub's PostgreSQL cannot be read: {d.hubError}</ErrorNote> : null}
          {d.audit ? <AuditLog audit={d.audit} /> : null}
        </Card>
      ) : null}
    </div>
  );
}

function AuditLog({ audit }: { audit: TeamPageAudit }) {
  const { entries, filter, choices } = audit;
  const select = (name: "project" | "actor" | "action", title: string, options: string[]) => (
    <div>
      <label htmlFor={`audit-${name}`} className={label}>
        {title}
      </label>
      <select id={`audit-${name}`} name={name} defaultValue={filter[name] ?? ""} className={input} data-testid={`audit-filter-${name}`}>
        <option value="">all</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      <Form action="/team" className="mb-3 flex flex-wrap items-end gap-2">
        <FilterAutoApply action="/team" />
        {select("actor", "Who", choices.actors)}
        {select("action", "What", choices.actions)}
        {select("project", "Project", choices.projects)}
        <button type="submit" className={btn.secondary}>
          Apply
        </button>
      </Form>
      {entries.length === 0 ? (
        <EmptyState title="No entry matches">Pushes, invitations, revocations and access rules are recorded here.</EmptyState>
      ) : (
        <>
          <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">
            Newest first{entries.length === audit.limit ? `, the latest ${fmt(audit.limit)}` : ""}.
          </p>
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {entries.map((e) => (
              <li key={e.id} data-testid="audit-entry" className="py-2 text-sm">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-medium" data-testid="audit-actor">
                    {e.actor}
                  </span>
                  <Badge tone="indigo">
                    <span data-testid="audit-action">{e.action}</span>
                  </Badge>
                  {e.project ? <span>project {e.project}</span> : null}
                  {e.seq !== null ? <span>seq {e.seq}</span> : null}
                  <span className="text-xs text-zinc-600 dark:text-zinc-400">
                    <Ago at={e.at} />
                  </span>
                </div>
                {e.memoryId || e.detail ? (
                  <div className="mt-0.5 break-all font-mono text-xs text-zinc-600 dark:text-zinc-400">
                    {e.memoryId ? `memory ${e.memoryId}` : ""}
                    {e.detail ? ` ${JSON.stringify(e.detail)}` : ""}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
