"use client";

import { NEEDS_JAVASCRIPT } from "./needs-javascript";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { api, ApiFailure } from "./api";
import { btn, input } from "./ui";

/** Adds a pinned constraint or directive (global, or to the project being previewed). */
export function QuickConstraint({ project }: { project?: string }) {
  const router = useRouter();
  const [content, setContent] = useState("");
  const [category, setCategory] = useState("constraint");
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  return (
    <form
      method="post"
      action={NEEDS_JAVASCRIPT}
      data-testid="quick-constraint"
      className="flex flex-col gap-2 sm:flex-row"
      onSubmit={(e) => {
        e.preventDefault();
        if (!content.trim()) return setError("Write the constraint first.");
        start(async () => {
          try {
            await api("/api/memories", {
              json: { content, category, pinned: true, source: "ui", ...(project ? { scope: "project", project } : { scope: "global" }) },
            });
            setContent("");
            setError(null);
            router.refresh();
          } catch (err) {
            setError(err instanceof ApiFailure ? err.message : String(err));
          }
        });
      }}
    >
      <label htmlFor="qc-category" className="sr-only">
        Category
      </label>
      <select id="qc-category" value={category} onChange={(e) => setCategory(e.target.value)} className={`${input} sm:w-36`}>
        <option>constraint</option>
        <option>directive</option>
        <option>preference</option>
        <option>convention</option>
      </select>
      <label htmlFor="qc-content" className="sr-only">
        New pinned memory
      </label>
      <input
        id="qc-content"
        data-testid="quick-constraint-content"
        value={content}
        onChange={(e) => setContent(e.target.value)}
        placeholder={project ? "A rule for this project…" : "A rule for every project…"}
        aria-invalid={error ? true : undefined}
        className={`${input} flex-1`}
      />
      <button type="submit" className={btn.primary} disabled={pending}>
        Add pinned
      </button>
      {error ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </form>
  );
}
