import type { Metadata } from "next";
import { serverCtx } from "@/lib/boot";
import { CATEGORIES, isCategory } from "@/lib/vocabulary";
import { listProjects } from "@/lib/projects/resolve";
import { MemoryForm } from "../../_components/MemoryForm";
import { FormNotice } from "../../_components/FormNotice";
import { Card, PageHeader } from "../../_components/ui";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New memory" };

export default async function NewMemoryPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const sp = await searchParams;
  const projects = listProjects(serverCtx()).map((p) => ({ id: p.id, name: p.name }));
  const category = isCategory(sp.category) ? sp.category : "note";
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
            scope: sp.project ? "project" : "global",
            project: sp.project ?? "",
            sessionId: "",
          }}
        />
      </Card>
    </div>
  );
}
