"use client";

import { NEEDS_JAVASCRIPT } from "./needs-javascript";
import { useEffect, useState } from "react";
import { api } from "./api";
import { btn, input } from "./ui";
import { toActionError, useApiAction } from "./use-api-action";

const KINDS = ["relates", "supersedes", "contradicts", "derived_from"] as const;

interface Candidate {
  id: string;
  title: string | null;
  snippet: string;
  category: string;
  scope: string;
}

/** What a typed text is: a memory's page address or id (linked as is), or words to search for. */
const asId = (text: string) => {
  const t = text.trim();
  if (/\/memories\/[^/\s]+$/.test(t)) return t.replace(/^.*\/memories\//, "");
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(t) ? t : null;
};

/**
 * Links this memory to another one: type words and pick one of the memories found (the picker's
 * search is not counted as an access), or paste an id or a memory's address.
 */
export function LinkForm({ id }: { id: string }) {
  const [to, setTo] = useState("");
  const [kind, setKind] = useState<(typeof KINDS)[number]>("relates");
  const [found, setFound] = useState<Candidate[] | null>(null);
  const { pending, error, run, fail, clearError } = useApiAction();

  // Search as the user types (after a short pause), unless the text is an id.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `fail` is a new function every render; the search follows the text and the memory only
  useEffect(() => {
    const words = to.trim();
    if (words.length < 2 || asId(words)) {
      setFound(null);
      return;
    }
    const controller = { stale: false };
    const timer = setTimeout(async () => {
      try {
        const r = await api<{ items: Candidate[] }>(`/api/memories/pick?q=${encodeURIComponent(words)}&exclude=${encodeURIComponent(id)}`);
        if (!controller.stale) setFound(r.items);
      } catch (err) {
        if (!controller.stale) fail(toActionError(err).message);
      }
    }, 250);
    return () => {
      controller.stale = true;
      clearTimeout(timer);
    };
  }, [to, id]);

  const link = (target: string) =>
    run(async () => {
      await api(`/api/memories/${id}/links`, { json: { to: target, kind } });
      setTo("");
      setFound(null);
    });

  return (
    <form
      method="post"
      action={NEEDS_JAVASCRIPT}
      data-testid="link-form"
      className="mt-3 flex flex-wrap items-start gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        // One word and no pick: taken as an id (the server says if no memory has it).
        const picked = found?.length === 1 ? found[0].id : found?.length ? null : /^\S+$/.test(to.trim()) ? to.trim() : null;
        const target = asId(to) ?? picked;
        if (!target) return fail(to.trim() ? "Pick one of the memories found, or paste its id or address." : "Type words to find the memory to link to.");
        link(target);
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
        Find the memory to link to (words, id or address)
      </label>
      <input
        id="link-to"
        data-testid="link-to"
        type="search"
        value={to}
        onChange={(e) => {
          setTo(e.target.value);
          clearError();
        }}
        placeholder="find by words, or paste an id"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "link-error" : undefined}
        aria-controls={found ? "link-candidates" : undefined}
        className={`${input} min-w-0 flex-1`}
      />
      <button type="submit" className={btn.secondary} disabled={pending}>
        Link
      </button>
      {found ? (
        <ul id="link-candidates" data-testid="link-candidates" aria-label="Memories found" className="w-full space-y-1 text-sm">
          {found.length === 0 ? <li className="text-xs text-zinc-600 dark:text-zinc-400">No memory matches these words.</li> : null}
          {found.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                data-testid="link-candidate"
                data-id={c.id}
                disabled={pending}
                onClick={() => link(c.id)}
                className="w-full rounded border border-zinc-200 px-2 py-1 text-left hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:hover:bg-zinc-800"
              >
                <span className="text-xs text-zinc-600 dark:text-zinc-400">[{c.category}] </span>
                {c.title ? <span className="font-medium">{c.title} · </span> : null}
                <span className="break-words">{c.snippet}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id="link-error" role="alert" className="w-full text-xs text-red-700 dark:text-red-400">
          {error.message}
        </p>
      ) : null}
    </form>
  );
}
