"use client";

import { NEEDS_JAVASCRIPT } from "./needs-javascript";
import { useState } from "react";
import { api } from "./api";
import { btn, input } from "./ui";
import { useApiAction } from "./use-api-action";

/** Adds a pinned constraint or directive (global, or to the project being previewed). */
export function QuickConstraint({ project }: { project?: string }) {
  const [content, setContent] = useState("");
  const [category, setCategory] = useState("constraint");
  const { pending, error, run, fail } = useApiAction();
  return (
    <form
      method="post"
      action={NEEDS_JAVASCRIPT}
      data-testid="quick-constraint"
      className="flex flex-col gap-2 sm:flex-row"
      onSubmit={(e) => {
        e.preventDefault();
        if (!content.trim()) return fail("Write the constraint first.", "content");
        run(async () => {
          await api("/api/memories", {
            json: { content, category, pinned: true, source: "ui", ...(project ? { scope: "project", project } : { scope: "global" }) },
          });
          setContent("");
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
          {error.message}
        </p>
      ) : null}
    </form>
  );
}
