"use client";

import type { InboxItem } from "@/lib/consolidation/inbox";
import { cutAtWord, differingPieces } from "./inbox-text";
import { Badge, input, TextLink } from "./ui";

const KIND_LABEL: Record<string, string> = {
  merge: "Merge",
  supersede: "Supersede",
  stale: "Stale",
  expire: "Expire",
  skill: "Skill",
};

/** An item's first line: its checkbox for bulk actions, what it is, its project and why it is here. */
export function InboxItemHeader({ item, selected, toggle }: { item: InboxItem; selected: boolean; toggle: () => void }) {
  return (
    <div className="mb-1 flex flex-wrap items-center gap-2 text-xs">
      <input type="checkbox" aria-label="Select for a bulk action" data-testid="inbox-select" checked={selected} onChange={toggle} />
      <Badge tone={item.type === "memory" ? "sky" : "indigo"}>
        {item.type === "memory" ? (item.origin === "bootstrap" ? "Bootstrap" : "Suggested") : KIND_LABEL[item.kind]}
      </Badge>
      <span data-testid="inbox-project" className="rounded bg-zinc-100 px-1.5 py-0.5 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
        {item.project ? item.project.name : "global"}
      </span>
      <span className="text-zinc-600 dark:text-zinc-400">{item.reason}</span>
    </div>
  );
}

/** What an inbox item is about: a suggested memory's text, or the memories a proposal names. */
export function InboxItemText({ item, showSuggestion }: { item: InboxItem; showSuggestion: boolean }) {
  return (
    <>
      {item.type === "memory" ? (
        <p className="whitespace-pre-wrap text-sm">
          <span className="text-xs text-zinc-600 dark:text-zinc-400">[{item.memory.category}] </span>
          <TextLink href={`/memories/${item.memory.id}`}>{item.memory.title ?? "open"}</TextLink> {item.memory.content}
        </p>
      ) : (
        <ul className="space-y-1 text-sm">
          {item.memories.map((m, mi) => (
            <li key={m.id}>
              <span className="text-xs text-zinc-600 dark:text-zinc-400">
                {item.kind === "supersede" ? (mi === 0 ? "newer" : "older") : `[${m.category}]`}{" "}
              </span>
              <TextLink href={`/memories/${m.id}`}>{m.title ?? cutAtWord(m.content, 160)}</TextLink>
            </li>
          ))}
          {item.kind === "skill" ? (
            <li className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="inbox-skill-path">
              Will be written to <code>{item.skillPath ?? "the project's .opencode/skills/ (its directory is not known on this machine)"}</code>
            </li>
          ) : null}
          {item.suggestion && showSuggestion ? (
            <li className="mt-1 whitespace-pre-wrap rounded bg-zinc-50 p-2 text-xs dark:bg-zinc-800" data-testid="inbox-suggestion">
              {item.suggestion}
            </li>
          ) : null}
        </ul>
      )}
    </>
  );
}

/** The wording an approval keeps (or the skill file), and for a merge the memory it is kept on. */
export function InboxEditArea({
  item,
  draft,
  setDraft,
  keeper,
  setKeeper,
}: {
  item: InboxItem;
  draft: string;
  setDraft: (text: string) => void;
  keeper: string | null;
  setKeeper: (id: string) => void;
}) {
  return (
    <div className="mt-2 space-y-2">
      <label className="block text-xs text-zinc-600 dark:text-zinc-400">
        {item.type === "proposal" && item.kind === "skill" ? "Skill file" : "Wording to keep"}
        <textarea data-testid="inbox-edit" className={`${input} mt-1 h-28 font-mono`} value={draft} onChange={(e) => setDraft(e.target.value)} />
      </label>
      {item.type === "proposal" && item.kind === "merge" ? (
        <fieldset className="text-xs">
          <legend className="text-zinc-600 dark:text-zinc-400">Keep it on</legend>
          {item.memories.map((m) => (
            <label key={m.id} className="mt-1 block" data-testid="inbox-keeper">
              <input type="radio" name={`keeper-${item.id}`} checked={keeper === m.id} onChange={() => setKeeper(m.id)} />{" "}
              <span className="text-zinc-600 dark:text-zinc-400">{new Date(m.createdAt).toISOString().slice(0, 10)}: </span>
              {differingPieces(
                m.content,
                item.memories.filter((o) => o.id !== m.id).map((o) => o.content),
              ).map((piece, pi) =>
                piece.differs ? (
                  <mark key={pi} className="rounded bg-amber-100 px-0.5 dark:bg-amber-900">
                    {piece.text}
                  </mark>
                ) : (
                  <span key={pi}>{piece.text}</span>
                ),
              )}
            </label>
          ))}
          <span className="text-zinc-600 dark:text-zinc-400">Highlighted: the words only that memory has.</span>
        </fieldset>
      ) : null}
    </div>
  );
}
