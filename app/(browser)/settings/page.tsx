import type { Metadata } from "next";
import { boot } from "@/lib/boot";
import { settingsView } from "@/lib/views/settings";
import { configDir } from "@/lib/paths";
import { VERSION } from "@/lib/version";
import { Badge, Card, DataTable, ErrorNote, PageHeader } from "../_components/ui";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Settings" };

export default function SettingsPage() {
  const { rows, sections, changed, warnings, dataDir, databaseFile, sqliteVersion, vecVersion } = settingsView(boot());
  return (
    <div data-testid="settings">
      <PageHeader
        title="Settings"
        description={
          <>
            The server's effective configuration and where each value comes from (read-only). Defaults &lt; <code>{configDir()}/config.jsonc</code> &lt;{" "}
            <code>RECOLLECT_*</code> environment variables. {changed} of {rows.length} values differ from the defaults.
          </>
        }
      />
      {warnings.length ? (
        <div className="mb-4">
          <ErrorNote testId="config-warnings">
            <p className="font-medium">Configuration warnings</p>
            <ul className="mt-1 list-disc pl-5">
              {warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </ErrorNote>
        </div>
      ) : null}
      <Card className="mb-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-zinc-600 dark:text-zinc-400">Version</dt>
          <dd>{VERSION}</dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Data dir</dt>
          <dd className="break-all font-mono text-xs" data-testid="data-dir">
            {dataDir}
          </dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Database</dt>
          <dd className="break-all font-mono text-xs">{databaseFile}</dd>
          <dt className="text-zinc-600 dark:text-zinc-400">SQLite · sqlite-vec</dt>
          <dd>
            {sqliteVersion} · {vecVersion}
          </dd>
        </dl>
      </Card>
      <div className="grid gap-4">
        {sections.map((s) => (
          <Card key={s} title={s} testId={`settings-${s}`}>
            <DataTable columns={["Key", "Value", "Source"]}>
              {rows
                .filter((r) => r.key.split(".")[0] === s)
                .map((r) => (
                  <tr key={r.key} data-testid="setting-row" data-key={r.key} className="border-t border-zinc-100 align-top dark:border-zinc-800">
                    <td className="py-1 pr-3 font-mono text-xs">{r.key.slice(s.length + 1)}</td>
                    <td className="max-w-md break-all py-1 pr-3 font-mono text-xs">{r.value}</td>
                    <td className="py-1 text-xs">
                      <Badge tone={r.kind === "default" ? "zinc" : r.kind === "env" ? "amber" : "indigo"}>{r.kind}</Badge>{" "}
                      <span className="break-all text-zinc-600 dark:text-zinc-400">{r.kind === "default" ? "" : r.source.replace(/^(env|file):/, "")}</span>
                    </td>
                  </tr>
                ))}
            </DataTable>
          </Card>
        ))}
      </div>
    </div>
  );
}
