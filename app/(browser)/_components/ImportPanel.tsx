"use client";

import Link from "next/link";
import { useState } from "react";
import type { ImportReport } from "@/lib/contracts/export";
import { api } from "./api";
import { Badge, btn, input, label } from "./ui";
import { usePreviewApply } from "./use-api-action";

/** Import: choose a file (or paste), preview what would happen (dry run), then import. */
export function ImportPanel() {
  const [text, setText] = useState("");
  const [name, setName] = useState("");
  const [format, setFormat] = useState<"markdown" | "json">("markdown");
  // Browser writes must be JSON (CSRF): a Markdown file goes as one JSON string.
  const {
    preview,
    done,
    result: report,
    error,
    pending,
    previewIt,
    apply,
    reset,
    clearError,
  } = usePreviewApply((dryRun) =>
    api<ImportReport>(`/api/import?format=${format}${dryRun ? "&dryRun=true" : ""}`, {
      method: "POST",
      body: format === "json" ? text : JSON.stringify(text),
      headers: { "content-type": "application/json" },
    }),
  );

  const onFile = async (file: File | undefined) => {
    reset();
    clearError();
    if (!file) return;
    setName(file.name);
    setFormat(/\.json$/i.test(file.name) ? "json" : "markdown");
    setText(await file.text());
  };

  return (
    <div className="grid gap-3">
      <div>
        <label htmlFor="import-file" className={label}>
          Export file (.md or .json)
        </label>
        <input
          id="import-file"
          data-testid="import-file"
          type="file"
          accept=".md,.markdown,.json,text/markdown,application/json"
          onChange={(e) => onFile(e.target.files?.[0])}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-zinc-200 file:px-3 file:py-1.5 file:text-sm dark:file:bg-zinc-800 dark:file:text-zinc-100"
        />
      </div>
      <details>
        <summary className="cursor-pointer text-sm text-zinc-600 dark:text-zinc-400">…or paste the file's text</summary>
        <label htmlFor="import-text" className="sr-only">
          Export text
        </label>
        <textarea
          id="import-text"
          data-testid="import-text"
          rows={6}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setName("");
            reset();
            setFormat(e.target.value.trimStart().startsWith("{") || e.target.value.trimStart().startsWith("[") ? "json" : "markdown");
          }}
          className={`${input} mt-2 font-mono`}
        />
      </details>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span>
          {name ? <strong>{name}</strong> : null} {text ? `${(text.length / 1024).toFixed(1)} KB` : "no file chosen"}
        </span>
        <label className="flex items-center gap-1.5">
          Format
          <select value={format} onChange={(e) => setFormat(e.target.value as typeof format)} className={`${input} w-auto`} data-testid="import-format">
            <option value="markdown">Markdown</option>
            <option value="json">JSON</option>
          </select>
        </label>
        <button type="button" className={btn.secondary} disabled={!text.trim() || pending} onClick={previewIt} data-testid="import-preview">
          Preview
        </button>
        <button type="button" className={btn.primary} disabled={!preview || preview.created === 0 || pending} onClick={apply} data-testid="import-confirm">
          {preview ? `Import ${preview.created} ${preview.created === 1 ? "memory" : "memories"}` : "Import"}
        </button>
      </div>
      {pending ? <p role="status">Working…</p> : null}
      {error ? (
        <p
          role="alert"
          data-testid="import-error"
          className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {error.message}
        </p>
      ) : null}
      {report ? (
        <div
          data-testid={done ? "import-report" : "import-preview-report"}
          aria-live="polite"
          className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800"
        >
          <p className="text-sm">
            {done ? "Imported" : "Would import"} <strong data-testid="report-created">{report.created}</strong> of {report.total} ·{" "}
            <strong data-testid="report-duplicates">{report.duplicates}</strong> duplicates skipped ·{" "}
            <strong data-testid="report-invalid">{report.invalid}</strong> invalid
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
          <div className="mt-2 max-h-80 overflow-auto">
            <table className="w-full text-left text-xs">
              <thead className="sticky top-0 bg-white dark:bg-zinc-900">
                <tr>
                  <th className="py-1 pr-2">#</th>
                  <th className="py-1 pr-2">outcome</th>
                  <th className="py-1 pr-2">category</th>
                  <th className="py-1 pr-2">scope</th>
                  <th className="py-1">memory</th>
                </tr>
              </thead>
              <tbody>
                {report.items.map((i) => (
                  <tr key={i.index} data-testid="report-item" data-outcome={i.outcome} className="border-t border-zinc-100 dark:border-zinc-800">
                    <td className="py-1 pr-2 tabular-nums">{i.index + 1}</td>
                    <td className="py-1 pr-2">
                      <Badge tone={i.outcome === "new" ? "green" : i.outcome === "duplicate" ? "zinc" : "red"}>
                        {i.outcome === "new" ? (done ? "created" : "new") : i.outcome}
                      </Badge>
                    </td>
                    <td className="py-1 pr-2">{i.category}</td>
                    <td className="py-1 pr-2">{i.scope}</td>
                    <td className="py-1">
                      {i.id && !i.id.startsWith("#") && (done || i.outcome === "duplicate") ? (
                        <Link href={`/memories/${i.id}`} className="underline">
                          {i.title || i.id}
                        </Link>
                      ) : (
                        i.title
                      )}
                      {i.outcome === "duplicate" && i.id?.startsWith("#") ? (
                        <span className="text-zinc-600 dark:text-zinc-400"> (repeats entry {Number(i.id.slice(1)) + 1})</span>
                      ) : null}
                      {i.error ? <span className="text-red-700 dark:text-red-400"> {i.error}</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
    </div>
  );
}
