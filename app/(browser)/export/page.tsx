import type { Metadata } from "next";
import { serverCtx } from "@/lib/boot";
import { CATEGORIES, SCOPES, STATUSES } from "@/lib/vocabulary";
import { listProjects } from "@/lib/projects/resolve";
import { ExportForm } from "../_components/ExportForm";
import { ImportPanel } from "../_components/ImportPanel";
import { Card, PageHeader } from "../_components/ui";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Export and import" };

export default function ExportPage() {
  const projects = listProjects(serverCtx()).map((p) => ({ id: p.id, name: p.name }));
  return (
    <div>
      <PageHeader
        title="Export and import"
        description="Markdown is grouped by scope and category with every memory's metadata visible; JSON keeps every field. Both import back."
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Export" testId="export-card">
          <ExportForm projects={projects} categories={CATEGORIES} scopes={SCOPES} statuses={STATUSES} />
        </Card>
        <Card title="Import" testId="import-card">
          <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
            A preview shows what would be created; memories whose content already exists in the same scope are skipped and listed. Secrets are redacted on the
            way in.
          </p>
          <ImportPanel />
        </Card>
      </div>
    </div>
  );
}
