"use client";

import { cutAtWord } from "./inbox-text";
import { btn, input } from "./ui";

/** A memory found by the words typed: what the picker lists. */
export interface Candidate {
  id: string;
  title: string | null;
  snippet: string;
  category: string;
}

/** A suggested memory that replaces an older one: type words, pick the memory found, supersede it. */
export function SupersedePicker({
  active,
  busy,
  replaces,
  setReplaces,
  found,
  setFound,
  picked,
  setPicked,
  onFocus,
  onSupersede,
}: {
  /** This item is the current one (the words and the results belong to it). */
  active: boolean;
  busy: boolean;
  replaces: string;
  setReplaces: (text: string) => void;
  found: Candidate[] | null;
  setFound: (found: Candidate[] | null) => void;
  picked: Candidate | null;
  setPicked: (c: Candidate | null) => void;
  onFocus: () => void;
  onSupersede: (c: Candidate) => void;
}) {
  return (
    <span className="relative flex items-center gap-1">
      <input
        aria-label="Find the memory it replaces"
        data-testid="inbox-supersede-search"
        placeholder="replaces… (type words)"
        className={`${input} w-56 text-xs`}
        value={active ? replaces : ""}
        onFocus={onFocus}
        onChange={(e) => {
          setReplaces(e.target.value);
          setPicked(null);
        }}
      />
      {active && found?.length ? (
        <ul data-testid="inbox-supersede-found" className="absolute top-full left-0 z-10 mt-1 w-80 rounded border bg-white text-xs shadow dark:bg-zinc-900">
          {found.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className="block w-full px-2 py-1 text-left hover:bg-zinc-100 dark:hover:bg-zinc-800"
                onClick={() => {
                  setPicked(c);
                  setReplaces(c.title ?? cutAtWord(c.snippet, 60));
                  setFound(null);
                }}
              >
                <span className="text-zinc-600 dark:text-zinc-400">[{c.category}]</span> {c.title ?? cutAtWord(c.snippet, 100)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <button
        type="button"
        data-testid="inbox-supersede"
        className={btn.ghost}
        disabled={busy || !picked || !active}
        onClick={() => picked && onSupersede(picked)}
      >
        Supersede
      </button>
    </span>
  );
}
