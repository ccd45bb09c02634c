import type { Metadata } from "next";
import { serverCtx } from "@/lib/boot";
import { listProjectSummaries } from "@/lib/projects/list";
import { ProjectMerge } from "../_components/ProjectMerge";
import { ProjectSplit } from "../_components/ProjectSplit";
import { Badge, Card, DataTable, EmptyState, fmt, PageHeader } from "../_components/ui";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Projects" };

export default function ProjectsPage() {
  const { items } = listProjectSummaries(serverCtx());
  const choices = items.map((p) => ({ id: p.id, name: p.name, memories: p.counts.memories }));
  return (
    <div data-testid="projects">
      <PageHeader
        title="Projects"
        description="Each repository is a project, known by its first commit and its remote. Merge two projects that are one, or move memories that belong elsewhere into a project of their own."
      />
      <Card title={`${fmt(items.length)} ${items.length === 1 ? "project" : "projects"}`} className="mb-4">
        {items.length === 0 ? (
          <EmptyState title="No projects yet">A project appears the first time an agent works in a repository.</EmptyState>
        ) : (
          <DataTable columns={["Project", "Identity", "Memories (any status)", "Sessions", "Checkpoints", "KV keys"]}>
            {items.map((p) => (
              <tr key={p.id} data-testid="project-row" data-project={p.id} className="border-t border-zinc-100 align-top dark:border-zinc-800">
                <td className="min-w-40 py-1.5 pr-3">
                  <div className="font-medium" data-testid="project-name">
                    {p.name}
                  </div>
                  <div className="break-all font-mono text-xs text-zinc-600 dark:text-zinc-400">{p.id}</div>
                  {p.rootPath ? <div className="break-all font-mono text-xs text-zinc-600 dark:text-zinc-400">{p.rootPath}</div> : null}
                </td>
                <td className="py-1.5 pr-3 text-xs">
                  <Badge>{p.identity}</Badge>
                  {p.remote ? <div className="mt-1 break-all font-mono">{p.remote}</div> : null}
                  {p.aliases.length ? (
                    <div className="mt-1 text-zinc-600 dark:text-zinc-400" data-testid="project-aliases">
                      also: <span className="break-all font-mono">{p.aliases.join(", ")}</span>
                    </div>
                  ) : null}
                </td>
                <td className="py-1.5 pr-3 tabular-nums" data-testid="project-memories">
                  {fmt(p.counts.memories)}
                </td>
                <td className="py-1.5 pr-3 tabular-nums">{fmt(p.counts.sessions)}</td>
                <td className="py-1.5 pr-3 tabular-nums">{fmt(p.counts.checkpoints)}</td>
                <td className="py-1.5 tabular-nums">{fmt(p.counts.kv)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Card>
      {items.length >= 2 ? (
        <Card title="Merge two projects" className="mb-4" testId="merge-card">
          <ProjectMerge projects={choices} />
        </Card>
      ) : null}
      {items.length ? (
        <Card title="Split memories off a project" testId="split-card">
          <ProjectSplit projects={choices} />
        </Card>
      ) : null}
    </div>
  );
}
