import type { Metadata } from "next";
import { serverCtx } from "@/lib/boot";
import { loopsView } from "@/lib/views/loops";
import { Badge, Card, DataTable, EmptyState, fmt, PageHeader, when } from "../_components/ui";
import { CancelLoopButton, LiveRefresh, RestartLoopButton } from "./LoopControls";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Loops" };

const tone = (s: string) => (s === "running" ? "sky" : s === "completed" ? "green" : s === "cancelled" ? "zinc" : "amber");

export default function LoopsPage() {
  const { loops, findings } = loopsView(serverCtx());
  const running = loops.some((l) => l.status === "running");
  return (
    <div data-testid="loops">
      <PageHeader
        title="Loops"
        description="Code-and-audit loops run by the OpenCode plugin: a coding session, then an audit of its diff, until the work is done and no finding is open."
        actions={<LiveRefresh active={running} />}
      />
      {loops.length === 0 ? (
        <EmptyState title="No loops yet">
          Start one with <code>/loop</code> in OpenCode, the <code>memory_loop</code> tool or <code>recollect loop start</code>.
        </EmptyState>
      ) : (
        <div className="space-y-4">
          {loops.map((l) => {
            const open = (l.projectId ? (findings[l.projectId] ?? []) : []).filter((f) => f.status !== "resolved");
            return (
              <Card key={l.id} title={l.task.split("\n")[0]!.slice(0, 120)} testId="loop-item">
                <div className="mb-2 flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-mono text-xs">{l.id}</span>
                  <span data-testid="loop-status">
                    <Badge tone={tone(l.status)}>{l.status}</Badge>
                  </span>
                  {l.phase ? <Badge tone="indigo">{l.phase}</Badge> : null}
                  <span>
                    iteration {l.iteration}
                    {l.maxIterations ? ` / ${l.maxIterations}` : ""}
                  </span>
                  <span>· audits {l.auditsDone}</span>
                  <span>
                    · findings {l.findingsOpen} open, {l.findingsResolved} resolved
                  </span>
                  <span>
                    · tokens {fmt(l.tokensInput)} in / {fmt(l.tokensOutput)} out · ${l.cost.toFixed(4)}
                  </span>
                  <span className="font-mono text-xs">{l.mode === "worktree" ? (l.branch ?? `recollect/loop-${l.slug}`) : "in place"}</span>
                  {l.sandbox !== "none" ? <Badge>{l.sandbox}</Badge> : null}
                  {l.status === "running" ? <CancelLoopButton id={l.id} /> : null}
                  {l.status !== "running" && l.status !== "completed" ? (
                    <RestartLoopButton id={l.id} iteration={l.iteration} maxIterations={l.maxIterations} />
                  ) : null}
                </div>
                {l.lastError ? <p className="mb-2 text-sm text-red-700 dark:text-red-400">Last error: {l.lastError}</p> : null}
                <DataTable columns={["Iteration", "Phase", "Status", "Session", "Findings", "Commit", "Started"]}>
                  {(l.phases ?? []).map((p) => (
                    <tr key={`${p.iteration}-${p.kind}`} data-testid="loop-phase" className="border-t border-zinc-100 dark:border-zinc-800">
                      <td className="py-1 pr-3 tabular-nums">{p.iteration}</td>
                      <td className="py-1 pr-3">{p.kind}</td>
                      <td className="py-1 pr-3">{p.status}</td>
                      <td className="py-1 pr-3 font-mono text-xs">
                        {p.sessionId ? (
                          <a className="underline" href={`/sessions?all=1#${encodeURIComponent(p.sessionId)}`}>
                            {p.sessionId}
                          </a>
                        ) : null}
                      </td>
                      <td className="py-1 pr-3 tabular-nums">{p.kind === "audit" ? p.findings : ""}</td>
                      <td className="py-1 pr-3 font-mono text-xs">{p.commit?.slice(0, 8) ?? ""}</td>
                      <td className="py-1 text-xs">{when(p.startedAt)}</td>
                    </tr>
                  ))}
                </DataTable>
                {open.length ? (
                  <div className="mt-3" data-testid="loop-findings">
                    <h3 className="mb-1 text-sm font-medium">Open findings of the project</h3>
                    <ul className="space-y-1 text-sm">
                      {open.map((f) => (
                        <li key={f.key} data-testid="loop-finding">
                          <Badge tone={f.severity === "critical" || f.severity === "major" ? "red" : "amber"}>{f.severity || "finding"}</Badge>{" "}
                          <span className="font-mono text-xs">
                            {f.file}:{f.line}
                          </span>{" "}
                          {f.description}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </Card>
            );
          })}
        </div>
      )}
    </div>
  );
}
