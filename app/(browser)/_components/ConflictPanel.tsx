"use client";

import { diffWordsWithSpace } from "diff";
import type { MemoryDto } from "@/lib/contracts/memories";
import { Ago } from "./Ago";
import { btn } from "./ui";

/**
 * A 409 on save: the version someone else saved meanwhile, what differs from the text in the form,
 * and the three ways on: keep mine (overwrite), take theirs, or merge by hand.
 */
export function ConflictPanel({
  mine,
  theirs,
  pending,
  keepMine,
  takeTheirs,
  mergeByHand,
}: {
  mine: string;
  theirs: MemoryDto;
  pending: boolean;
  keepMine: () => void;
  takeTheirs: () => void;
  mergeByHand: () => void;
}) {
  const parts = mine.length + theirs.content.length > 200_000 ? [] : diffWordsWithSpace(theirs.content, mine);
  return (
    <section
      role="alert"
      data-testid="conflict"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-medium">
        This memory was changed elsewhere (saved <Ago at={theirs.updatedAt} />) after you opened it.
      </p>
      <p className="mt-1 text-xs">From the other version to yours:</p>
      <p data-testid="conflict-diff" className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-white p-2 dark:bg-zinc-900">
        {parts.length === 0
          ? theirs.content
          : parts.map((p, i) =>
              p.added ? (
                <ins key={i} className="bg-emerald-100 no-underline dark:bg-emerald-900/50">
                  {p.value}
                </ins>
              ) : p.removed ? (
                <del key={i} className="bg-red-100 dark:bg-red-900/50">
                  {p.value}
                </del>
              ) : (
                <span key={i}>{p.value}</span>
              ),
            )}
      </p>
      <details className="mt-2">
        <summary className="cursor-pointer text-xs">The other version as saved</summary>
        <pre data-testid="conflict-theirs" className="mt-1 whitespace-pre-wrap break-words font-sans">
          {theirs.content}
        </pre>
      </details>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={btn.primary} disabled={pending} onClick={keepMine} data-testid="conflict-keep-mine">
          Keep mine
        </button>
        <button type="button" className={btn.secondary} disabled={pending} onClick={takeTheirs} data-testid="conflict-take-theirs">
          Take theirs
        </button>
        <button type="button" className={btn.secondary} disabled={pending} onClick={mergeByHand} data-testid="conflict-merge">
          Merge by hand
        </button>
      </div>
    </section>
  );
}
