import type { Metadata } from "next";
import { serverCtx } from "@/lib/boot";
import { CATEGORIES, SCOPES, STATUSES } from "@/lib/vocabulary";
import { listProjects } from "@/lib/projects/resolve";
import { ExportForm } from "../_components/ExportForm";
import { ImportPanel } from "../_components/ImportPanel";
import { BootstrapPanel } from "../_components/BootstrapPanel";
import { ToolImportPanel } from "../_components/ToolImportPanel";
import { IMPORT_TOOLS, type ImportTool } from "@/lib/contracts/import-tools";
import { defaultImportPath } from "@/lib/importers/default-paths";
import { Card, PageHeader } from "../_components/ui";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Export and import" };

export default function ExportPage() {
  const all = listProjects(serverCtx());
  const projects = all.map((p) => ({ id: p.id, name: p.name }));
  const directories = all.flatMap((p) => (p.rootPath ? [p.rootPath] : []));
  const toolPaths = Object.fromEntries(IMPORT_TOOLS.map((t) => [t, defaultImportPath(t, process.cwd())])) as Record<ImportTool, string>;
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
        <Card title="Import from another memory tool" testId="tool-import-card">
          <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
            Reads the tool's data on this machine (never changes it). A preview lists what would be created and what is skipped, and why; a second import adds
            only what is new. Secrets are redacted on the way in.
          </p>
          <ToolImportPanel defaults={toolPaths} />
        </Card>
        <Card title="Bootstrap from a project's files" testId="bootstrap-card">
          <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
            Proposes memories from AGENTS.md, CLAUDE.md and other agent rules, the build and test commands, the stack and the README, each with its file and
            line. They are stored as suggestions for review; running it again proposes only what changed.
          </p>
          <BootstrapPanel directories={directories} />
        </Card>
      </div>
    </div>
  );
}
