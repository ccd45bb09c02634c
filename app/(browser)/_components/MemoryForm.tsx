"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import type { MemoryDto } from "@/lib/contracts/memories";
import { api, ApiFailure } from "./api";
import { ConflictPanel } from "./ConflictPanel";
import { contentChars, type Errors, type MemoryFormValues, splitTags, validate, valuesOf } from "./memory-form-values";
import { MemoryPlaceFields } from "./MemoryPlaceFields";
import { useUnsavedGuard } from "./use-unsaved-guard";
import { btn, input, label } from "./ui";
import { useApiAction } from "./use-api-action";

export function MemoryForm({
  mode,
  initial,
  categories,
  projects,
  memoryId,
  updatedAt,
}: {
  mode: "create" | "edit";
  initial: MemoryFormValues;
  categories: readonly string[];
  projects: { id: string; name: string }[];
  memoryId?: string;
  updatedAt?: string;
}) {
  const router = useRouter();
  const [v, setV] = useState(initial);
  // What the server holds as far as this form knows: unsaved = the fields differ from it.
  const [saved, setSaved] = useState(initial);
  const [expected, setExpected] = useState(updatedAt);
  const [conflict, setConflict] = useState<MemoryDto | null>(null);
  // What the form's own checks found (before any request), and the save's failure from the toolkit.
  const [invalid, setInvalid] = useState<Errors>({});
  const { pending, error, run, clearError } = useApiAction();
  const errors: Errors = error ? { ...invalid, ...(error.fields as Errors), form: error.message } : invalid;
  const [notice, setNotice] = useState<React.ReactNode>(null);
  const dirty = JSON.stringify(v) !== JSON.stringify(saved);
  // "e" on the list opens a memory at #edit: the content field takes the focus.
  useEffect(() => {
    if (window.location.hash === "#edit") document.getElementById("m-content")?.focus();
  }, []);
  // A newer version from the server (a revert, an archive, a refresh): shown unless the user has
  // unsaved edits, which are never overwritten (saving them then meets the 409 and its choices).
  const [seen, setSeen] = useState(updatedAt);
  if (updatedAt !== seen) {
    setSeen(updatedAt);
    if (!dirty) {
      setV(initial);
      setSaved(initial);
      setExpected(updatedAt);
    }
  }
  useUnsavedGuard(dirty);
  const set = <K extends keyof MemoryFormValues>(k: K, value: MemoryFormValues[K]) => {
    setV((x) => ({ ...x, [k]: value }));
    if (invalid[k]) setInvalid((e) => ({ ...e, [k]: undefined }));
    // The field the failed save named is being fixed: its message goes.
    if (error?.fields[k]) clearError();
  };

  const submit = (ev?: React.FormEvent, over?: string) => {
    ev?.preventDefault();
    const e = validate(v, mode);
    setInvalid(e);
    clearError();
    setNotice(null);
    if (Object.keys(e).length) {
      const first = Object.keys(e)[0];
      document.getElementById(`m-${first}`)?.focus();
      return;
    }
    run(
      async () => {
        const common = {
          title: v.title.trim() || null,
          content: v.content,
          category: v.category,
          tags: splitTags(v.tags),
          pinned: v.pinned,
          priority: Number(v.priority),
        };
        try {
          if (mode === "create") {
            const body = {
              ...common,
              scope: v.scope,
              ...(v.scope !== "global" && v.project ? { project: v.project } : {}),
              ...(v.scope === "session" ? { sessionId: v.sessionId.trim() } : {}),
              status: v.status === "suggested" ? "suggested" : "active",
              source: "ui",
            };
            const res = await api<{ id: string; deduplicated: boolean }>("/api/memories", { json: body });
            if (res.deduplicated) {
              setNotice(
                <span data-testid="form-duplicate">
                  This content is already remembered:{" "}
                  <Link className="underline" href={`/memories/${res.id}`}>
                    open the existing memory
                  </Link>
                  .
                </span>,
              );
              return;
            }
            router.push(`/memories/${res.id}?created=1`);
          } else {
            const stored = await api<MemoryDto>(`/api/memories/${memoryId}`, {
              method: "PATCH",
              json: { ...common, status: v.status, source: "ui", expectedUpdatedAt: over ?? expected },
            });
            // Show what was stored (secrets redacted, tags normalized).
            const next = { ...v, ...valuesOf(stored) };
            setV(next);
            setSaved(next);
            setExpected(stored.updatedAt);
            setConflict(null);
            setNotice(<span data-testid="form-saved">Saved.</span>);
            router.refresh();
          }
        } catch (err) {
          // Someone else saved first: show their version beside this one and let the user choose.
          if (err instanceof ApiFailure && err.status === 409 && memoryId) setConflict(await api<MemoryDto>(`/api/memories/${memoryId}`));
          else throw err;
        }
      },
      { refresh: false },
    );
  };

  const field = (k: keyof MemoryFormValues) => ({
    id: `m-${k}`,
    name: k,
    "aria-invalid": errors[k] ? true : undefined,
    "aria-describedby": errors[k] ? `m-${k}-error` : undefined,
    "data-testid": `field-${k}`,
  });
  const err = (k: keyof MemoryFormValues) =>
    errors[k] ? (
      <p id={`m-${k}-error`} data-testid={`error-${k}`} className="mt-1 text-xs text-red-700 dark:text-red-400">
        {errors[k]}
      </p>
    ) : null;

  return (
    // Without JavaScript the form posts itself (app/api/forms/memories): a POST, never a GET, so
    // what was typed stays out of the address and the history.
    <form
      method="post"
      action={mode === "create" ? "/api/forms/memories" : `/api/forms/memories/${encodeURIComponent(memoryId ?? "")}`}
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) submit();
      }}
      noValidate
      data-testid="memory-form"
      aria-label={mode === "create" ? "New memory" : "Edit memory"}
      className="grid gap-4"
    >
      {mode === "edit" && expected ? <input type="hidden" name="expectedUpdatedAt" value={expected} /> : null}
      <div>
        <label htmlFor="m-title" className={label}>
          Title <span className="normal-case text-zinc-600 dark:text-zinc-400">(optional)</span>
        </label>
        <input {...field("title")} value={v.title} onChange={(e) => set("title", e.target.value)} className={input} maxLength={250} />
        {err("title")}
      </div>
      <div>
        <label htmlFor="m-content" className={label}>
          Content
        </label>
        <textarea {...field("content")} value={v.content} onChange={(e) => set("content", e.target.value)} rows={8} required className={`${input} font-mono`} />
        <div className="mt-1 flex justify-between text-xs text-zinc-600 dark:text-zinc-400">
          <span>Secrets (API keys, tokens, passwords) are redacted when saved. Ctrl+Enter saves.</span>
          <span className="tabular-nums">
            {v.content.length.toLocaleString("en-US")} / {contentChars.toLocaleString("en-US")}
          </span>
        </div>
        {err("content")}
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <div>
          <label htmlFor="m-category" className={label}>
            Category
          </label>
          <select {...field("category")} value={v.category} onChange={(e) => set("category", e.target.value)} className={input}>
            {categories.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="m-priority" className={label}>
            Priority
          </label>
          <input
            {...field("priority")}
            type="number"
            min={-100}
            max={100}
            step={1}
            value={v.priority}
            onChange={(e) => set("priority", e.target.value)}
            className={input}
          />
          {err("priority")}
        </div>
        <div>
          <label htmlFor="m-status" className={label}>
            Status
          </label>
          <select {...field("status")} value={v.status} onChange={(e) => set("status", e.target.value)} className={input}>
            {/* A status the list does not offer (superseded) stays an option: a form posted without JavaScript sends it back unchanged. */}
            {(mode === "create" ? ["active", "suggested"] : [...new Set(["active", "suggested", "archived", "resolved", v.status])]).map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </div>
        <div className="flex items-end pb-1.5">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              {...field("pinned")}
              checked={v.pinned}
              onChange={(e) => set("pinned", e.target.checked)}
              className="size-4 accent-indigo-600"
            />
            Pinned (always injected)
          </label>
        </div>
      </div>
      <div>
        <label htmlFor="m-tags" className={label}>
          Tags <span className="normal-case text-zinc-600 dark:text-zinc-400">(comma-separated)</span>
        </label>
        <input {...field("tags")} value={v.tags} onChange={(e) => set("tags", e.target.value)} className={input} placeholder="build, ci" />
        {err("tags")}
      </div>
      {mode === "create" ? <MemoryPlaceFields v={v} set={set} field={field} err={err} projects={projects} /> : null}

      {conflict ? (
        <ConflictPanel
          mine={v.content}
          theirs={conflict}
          pending={pending}
          keepMine={() => submit(undefined, conflict.updatedAt)}
          takeTheirs={() => {
            const theirs = { ...v, ...valuesOf(conflict) };
            setV(theirs);
            setSaved(theirs);
            setExpected(conflict.updatedAt);
            setConflict(null);
            setNotice(<span data-testid="form-saved">Took the other version.</span>);
            router.refresh();
          }}
          mergeByHand={() => {
            // Saving now overwrites the other version: the user merges its text into theirs first.
            setExpected(conflict.updatedAt);
            setNotice(<span data-testid="form-merge">Merge the other version into the form, then save.</span>);
            document.getElementById("m-content")?.focus();
          }}
        />
      ) : null}
      {errors.form ? (
        <p
          role="alert"
          data-testid="form-error"
          className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {errors.form}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={btn.primary} disabled={pending} data-testid="save-memory">
          {pending ? "Saving…" : mode === "create" ? "Create memory" : "Save changes"}
        </button>
        <p aria-live="polite" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
          {notice}
        </p>
        {dirty && mode === "edit" ? (
          <span data-testid="form-unsaved" className="text-sm text-amber-700 dark:text-amber-400">
            Unsaved changes
          </span>
        ) : null}
      </div>
    </form>
  );
}
