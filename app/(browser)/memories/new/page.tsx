import type { Metadata } from "next";
import { serverCtx } from "@/lib/boot";
import { CATEGORIES, isCategory } from "@/lib/vocabulary";
import { listProjects } from "@/lib/projects/resolve";
import { currentProject } from "@/lib/views/current-project";
import { MemoryForm } from "../../_components/MemoryForm";
import { FormNotice } from "../../_components/FormNotice";
import { Card, PageHeader } from "../../_components/ui";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New memory" };

export default async function NewMemoryPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const sp = await searchParams;
  const projects = listProjects(serverCtx()).map((p) => ({ id: p.id, name: p.name }));
  // A fact is what a user most often writes down by hand; "note" is the agent's catch-all.
  const category = isCategory(sp.category) ? sp.category : "fact";
  // The project being worked in (?project=, else the latest session's): a memory of it by default.
  const known = (id: string | undefined) => (id && projects.some((p) => p.id === id) ? id : undefined);
  const project = known(sp.project) ?? known(currentProject(serverCtx()));
  return (
    <div>
      <PageHeader title="New memory" description="Something your agent should know next time: a decision, a constraint, a gotcha…" />
      <FormNotice params={sp} />
      <Card>
        <MemoryForm
          mode="create"
          categories={CATEGORIES}
          projects={projects}
          initial={{
            title: "",
            content: "",
            category,
            tags: "",
            pinned: sp.pinned === "1",
            priority: "0",
            status: "active",
            scope: project ? "project" : "global",
            project: project ?? "",
            sessionId: "",
          }}
        />
      </Card>
    </div>
  );
}
