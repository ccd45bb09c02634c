"use client";

import Link from "next/link";
import { useState } from "react";
import type { BootstrapResult } from "@/lib/contracts/bootstrap";
import { api } from "./api";
import { Badge, btn, input, label } from "./ui";
import { usePreviewApply } from "./use-api-action";

/** Bootstrap: preview what a project's own files would propose, then store the proposals as suggested memories. */
export function BootstrapPanel({ directories }: { directories: string[] }) {
  const [directory, setDirectory] = useState(directories[0] ?? "");
  const { preview, done, result, error, pending, previewIt, apply, reset } = usePreviewApply(
    (dryRun) => api<BootstrapResult>("/api/bootstrap", { json: { directory: directory.trim(), dryRun } }),
    { refresh: false },
  );
  const changed = result?.proposals.filter((p) => p.outcome === "new" || p.outcome === "updated") ?? [];

  return (
    <div className="grid gap-3">
      <div>
        <label htmlFor="bootstrap-dir" className={label}>
          Project directory
        </label>
        <input
          id="bootstrap-dir"
          data-testid="bootstrap-dir"
          list="bootstrap-dirs"
          value={directory}
          onChange={(e) => {
            setDirectory(e.target.value);
            reset();
          }}
          placeholder="/home/me/projects/shop"
          className={`${input} font-mono`}
        />
        <datalist id="bootstrap-dirs">
          {directories.map((d) => (
            <option key={d} value={d} />
          ))}
        </datalist>
      </div>
      <div className="flex gap-3">
        <button type="button" className={btn.secondary} disabled={!directory.trim() || pending} onClick={previewIt} data-testid="bootstrap-preview">
          Preview
        </button>
        <button type="button" className={btn.primary} disabled={!preview || changed.length === 0 || pending} onClick={apply} data-testid="bootstrap-confirm">
          {preview ? `Propose ${changed.length} ${changed.length === 1 ? "memory" : "memories"}` : "Propose"}
        </button>
      </div>
      {pending ? <p role="status">Reading the project…</p> : null}
      {error ? (
        <p
          role="alert"
          data-testid="bootstrap-error"
          className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {error.message}
        </p>
      ) : null}
      {result ? (
        <div
          data-testid={done ? "bootstrap-report" : "bootstrap-preview-report"}
          aria-live="polite"
          className="rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800"
        >
          <p>
            {done ? "Proposed" : "Would propose"} <strong data-testid="bootstrap-new">{result.counts.new}</strong> new and{" "}
            <strong>{result.counts.updated}</strong> updated from {result.files} files · {result.counts.unchanged} unchanged · {result.counts.known} already
            known
            {done ? (
              <>
                {" "}
                ·{" "}
                <Link href="/memories?status=suggested" className="text-indigo-700 underline dark:text-indigo-400">
                  review them
                </Link>
              </>
            ) : null}
          </p>
          <ul className="mt-2 max-h-80 overflow-auto text-xs">
            {changed.map((p) => (
              <li key={p.key} data-testid="bootstrap-item" className="border-t border-zinc-100 py-1 dark:border-zinc-800">
                <Badge tone={p.outcome === "new" ? "green" : "zinc"}>{p.outcome}</Badge> <Badge>{p.category}</Badge> {p.content}{" "}
                <span className="font-mono text-zinc-600 dark:text-zinc-400">{p.source}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
