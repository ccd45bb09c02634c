import type { MemoryDetail } from "@/lib/views/detail";
import { Ago } from "../../_components/Ago";
import { LinkForm } from "../../_components/LinkForm";
import { RemoveLink } from "../../_components/RemoveLink";
import { Card, TextLink, when } from "../../_components/ui";

/** The side cards of a memory's page: how agents used it, its supersession chain, links, details. */

const USAGE_LABEL: Record<string, string> = { search: "found by agent searches", recall: "found by recall searches", get: "read by id", expand: "expanded" };

/** How a link reads from this memory's side: "derived from" X going out, "source of" X coming in. */
const LINK_LABEL: Record<string, { out: string; in: string }> = {
  relates: { out: "relates to", in: "related from" },
  supersedes: { out: "supersedes", in: "superseded by" },
  contradicts: { out: "contradicts", in: "contradicted by" },
  derived_from: { out: "derived from", in: "source of" },
};
const linkLabel = (kind: string, direction: "out" | "in") => LINK_LABEL[kind]?.[direction] ?? kind.replace(/_/g, " ");

export function UsageCard({ d }: { d: MemoryDetail }) {
  const m = d.memory;
  const injections = d.usage.find((u) => u.kind === "inject");
  return (
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
  );
}

export function ChainCard({ d }: { d: MemoryDetail }) {
  const m = d.memory;
  return (
    <>
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
    </>
  );
}

export function LinksCard({ d }: { d: MemoryDetail }) {
  const m = d.memory;
  return (
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
  );
}

export function DetailsCard({ d }: { d: MemoryDetail }) {
  const m = d.memory;
  return (
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
  );
}
