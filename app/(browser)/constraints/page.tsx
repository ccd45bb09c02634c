import type { Metadata } from "next";
import Form from "next/form";
import { serverCtx } from "@/lib/boot";
import { constraintsView } from "@/lib/views/constraints";
import { listProjects } from "@/lib/projects/resolve";
import { ConstraintList } from "../_components/ConstraintList";
import { QuickConstraint } from "../_components/QuickConstraint";
import { Badge, btn, Card, EmptyState, fmt, input, label, PageHeader, TextLink } from "../_components/ui";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Constraints and directives" };

export default async function ConstraintsPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const sp = await searchParams;
  const ctx = serverCtx();
  const projects = listProjects(ctx).map((p) => ({ id: p.id, name: p.name }));
  const project = projects.some((p) => p.id === sp.project) ? sp.project : undefined;
  const v = constraintsView(ctx, project);
  const name = project ? projects.find((p) => p.id === project)?.name : undefined;
  // Said at the top: after an add or an enable the page refreshes, so the user sees it at once.
  const leftOut = v.items.filter((i) => i.pinned && i.status === "active" && !i.injected);
  return (
    <div data-testid="constraints">
      <PageHeader
        title="Constraints and directives"
        description="Pinned memories form the stable block injected into every turn's system prompt. Edit them here and watch the exact block change."
      />
      {leftOut.length ? (
        <div
          role="alert"
          data-testid="budget-alert"
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
        >
          <p className="font-medium">
            {leftOut.length} pinned {leftOut.length === 1 ? "memory is" : "memories are"} left out of the injected block: the budget of {fmt(v.budget)} tokens
            is full.
          </p>
          <ul className="mt-1 list-disc pl-5">
            {leftOut.slice(0, 10).map((m) => (
              <li key={m.id} data-testid="left-out-item">
                <TextLink href={`/memories/${m.id}`}>{m.title || m.content.slice(0, 80)}</TextLink>
              </li>
            ))}
          </ul>
          <p className="mt-1 text-xs">Shorten or unpin other rules, or raise injection.stableBudgetTokens.</p>
        </div>
      ) : null}
      <Form action="/constraints" className="mb-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="c-project" className={label}>
            Preview for project
          </label>
          <select id="c-project" name="project" defaultValue={project ?? ""} className={input} data-testid="preview-project">
            <option value="">none (global memories only)</option>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={btn.secondary} data-testid="preview-apply">
          Show
        </button>
      </Form>
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
        <Card title={`Pinned (${v.items.filter((i) => i.pinned).length}) and rules`}>
          <div className="mb-4">
            <QuickConstraint project={project} />
          </div>
          {v.items.length === 0 ? (
            <EmptyState title="Nothing pinned">
              Pin a memory (or add a constraint above) and it is injected into every conversation{name ? ` in ${name}` : ""}.
            </EmptyState>
          ) : (
            <ConstraintList items={v.items} projects={projects} project={project} />
          )}
          {v.unpinnedTotal > v.items.filter((i) => !i.pinned).length ? (
            <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
              Showing the newest {v.items.filter((i) => !i.pinned).length} of {fmt(v.unpinnedTotal)} unpinned constraints and directives.{" "}
              <TextLink href={`/memories?category=constraint&pinned=no${project ? `&project=${project}` : ""}`}>See them all</TextLink>
            </p>
          ) : null}
        </Card>
        <div className="xl:sticky xl:top-4 xl:self-start">
          <Card
            title="Injected block preview"
            testId="block-preview"
            actions={
              <span className="flex items-center gap-1 text-xs">
                <Badge tone={v.block.tokens > v.budget ? "red" : leftOut.length ? "amber" : "green"}>
                  <span data-testid="block-tokens">{fmt(v.block.tokens)}</span>&nbsp;/ {fmt(v.budget)} tokens
                </Badge>
              </span>
            }
          >
            <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">
              Exactly what the plugin injects {name ? `in ${name}` : "outside any project"}: {v.block.memoryIds.length} memories, hash{" "}
              <code>{v.block.hash}</code>.
              {v.items.some((i) => i.pinned && !i.injected) ? " Pinned memories marked “over budget” do not fit injection.stableBudgetTokens." : ""}
            </p>
            {v.block.text ? (
              <pre
                data-testid="block-text"
                className="max-h-[70vh] overflow-auto whitespace-pre-wrap break-words rounded bg-zinc-100 p-3 font-mono text-xs dark:bg-zinc-950"
              >
                {v.block.text}
              </pre>
            ) : (
              <p data-testid="block-empty" className="text-sm text-zinc-600 dark:text-zinc-400">
                Empty: nothing is injected.
              </p>
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}
