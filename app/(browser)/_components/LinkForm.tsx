"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { api, ApiFailure } from "./api";
import { btn, input } from "./ui";

const KINDS = ["relates", "supersedes", "contradicts", "derived_from"] as const;

/** Links this memory to another one (by id; the id is on every memory's page). */
export function LinkForm({ id }: { id: string }) {
  const router = useRouter();
  const [to, setTo] = useState("");
  const [kind, setKind] = useState<(typeof KINDS)[number]>("relates");
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  return (
    <form
      data-testid="link-form"
      className="mt-3 flex flex-wrap items-start gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const target = to.trim().replace(/^.*\/memories\//, "");
        if (!target) return setError("Enter the id (or the page address) of the memory to link to.");
        start(async () => {
          try {
            await api(`/api/memories/${id}/links`, { json: { to: target, kind } });
            setTo("");
            setError(null);
            router.refresh();
          } catch (err) {
            setError(err instanceof ApiFailure ? err.message : String(err));
          }
        });
      }}
    >
      <label htmlFor="link-kind" className="sr-only">
        Link kind
      </label>
      <select id="link-kind" value={kind} onChange={(e) => setKind(e.target.value as typeof kind)} className={`${input} w-auto`}>
        {KINDS.map((k) => (
          <option key={k}>{k}</option>
        ))}
      </select>
      <label htmlFor="link-to" className="sr-only">
        Memory id to link to
      </label>
      <input
        id="link-to"
        data-testid="link-to"
        value={to}
        onChange={(e) => setTo(e.target.value)}
        placeholder="memory id or address"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "link-error" : undefined}
        className={`${input} min-w-0 flex-1`}
      />
      <button type="submit" className={btn.secondary} disabled={pending}>
        Link
      </button>
      {error ? (
        <p id="link-error" role="alert" className="w-full text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </form>
  );
}
