"use client";

import Link from "next/link";
import { useState } from "react";
import type { ImportTool, ToolImportReport } from "@/lib/contracts/import-tools";
import { api } from "./api";
import { Badge, btn, input, label } from "./ui";
import { usePreviewApply } from "./use-api-action";

const NAMES: Record<ImportTool, string> = {
  "deep-memory": "opencode-deep-memory (.deep-memory folder)",
  "opencode-manager": "@opencode-manager/memory (memory.db or ocm-mem export)",
  "semantic-memory": "opencode-semantic-memory (memory.db or export JSON)",
  "claude-mem": "claude-mem (claude-mem.db)",
};

/** Import from another memory tool on this machine: preview (dry run), then import; skipped items listed with the reason. */
export function ToolImportPanel({ defaults }: { defaults: Record<ImportTool, string> }) {
  const [from, setFrom] = useState<ImportTool>("opencode-manager");
  const [path, setPath] = useState("");
  const {
    preview,
    done,
    result: report,
    error,
    pending,
    previewIt,
    apply,
    reset,
  } = usePreviewApply((dryRun) => api<ToolImportReport>("/api/import/tool", { json: { from, path: path.trim() || defaults[from], dryRun } }));

  return (
    <div className="grid gap-3">
      <div>
        <label htmlFor="tool-from" className={label}>
          Tool
        </label>
        <select
          id="tool-from"
          data-testid="tool-from"
          value={from}
          onChange={(e) => {
            setFrom(e.target.value as ImportTool);
            reset();
          }}
          className={input}
        >
          {(Object.keys(NAMES) as ImportTool[]).map((t) => (
            <option key={t} value={t}>
              {NAMES[t]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="tool-path" className={label}>
          Path on this machine
        </label>
        <input
          id="tool-path"
          data-testid="tool-path"
          value={path}
          placeholder={defaults[from]}
          onChange={(e) => {
            setPath(e.target.value);
            reset();
          }}
          className={`${input} font-mono`}
        />
      </div>
      <div className="flex gap-3">
        <button type="button" className={btn.secondary} disabled={pending} onClick={previewIt} data-testid="tool-preview">
          Preview
        </button>
        <button type="button" className={btn.primary} disabled={!preview || preview.counts.new === 0 || pending} onClick={apply} data-testid="tool-confirm">
          {preview ? `Import ${preview.counts.new} ${preview.counts.new === 1 ? "memory" : "memories"}` : "Import"}
        </button>
      </div>
      {pending ? <p role="status">Working…</p> : null}
      {error ? (
        <p
          role="alert"
          data-testid="tool-error"
          className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {error.message}
        </p>
      ) : null}
      {report ? (
        <div
          data-testid={done ? "tool-report" : "tool-preview-report"}
          aria-live="polite"
          className="rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800"
        >
          <p>
            {done ? "Imported" : "Would import"} <strong data-testid="tool-new">{report.counts.new}</strong> of {report.total} · {report.counts.imported}{" "}
            imported before · {report.counts.duplicate} duplicates · <strong data-testid="tool-skipped">{report.skipped.length}</strong> skipped
            {report.kv.imported ? ` · ${report.kv.imported} KV entries` : ""}
            {report.checkpoints.imported ? ` · ${report.checkpoints.imported} checkpoints` : ""}
            {done ? (
              <>
                {" "}
                ·{" "}
                <Link href="/memories?status=all" className="text-indigo-700 underline dark:text-indigo-400">
                  see the memories
                </Link>
              </>
            ) : null}
          </p>
          <ul className="mt-2 max-h-60 overflow-auto text-xs">
            {report.items.map((i) => (
              <li key={i.ref} data-testid="tool-item" data-outcome={i.outcome}>
                <Badge tone={i.outcome === "new" ? "green" : "zinc"}>{i.outcome}</Badge> {i.category} · {i.scope} · {i.title}
              </li>
            ))}
            {report.skipped.map((s) => (
              <li key={s.ref} data-testid="tool-skipped-item">
                <Badge tone="red">skipped</Badge> {s.ref}: {s.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
