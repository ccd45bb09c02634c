"use client";

import Link from "next/link";
import type { SyncState } from "@/lib/team/status";
import type { Segment } from "@/lib/views/highlight";
import { Highlighted } from "./Highlighted";
import { SyncBadge } from "./SyncBadge";
import { Badge, statusTone, when } from "./ui";

export interface Row {
  id: string;
  title: Segment[] | null;
  text: Segment[];
  category: string;
  scope: string;
  status: string;
  pinned: boolean;
  priority: number;
  tags: string[];
  project: string | null;
  age: string;
  /** ISO time the age counts from: shown on hover. */
  createdAt: string;
  score?: number;
  /** Team sync state, on a machine that joined a hub. */
  sync?: SyncState;
}

/** One memory in the list: its checkbox, badges, tags, age and text (highlighted by the search). */
export function MemoryRowItem({
  r,
  selected,
  current,
  onBoxClick,
}: {
  r: Row;
  selected: boolean;
  /** The row j/k moved to. */
  current: boolean;
  onBoxClick: (shift: boolean) => void;
}) {
  return (
    <li
      data-testid="memory-item"
      data-id={r.id}
      data-current={current ? true : undefined}
      className={`flex gap-3 px-3 py-3 ${selected ? "bg-indigo-50 dark:bg-indigo-950/40" : ""} ${current ? "ring-2 ring-inset ring-indigo-400" : ""}`}
    >
      <input
        type="checkbox"
        data-testid="select-memory"
        checked={selected}
        onChange={() => {}}
        onClick={(e) => onBoxClick(e.shiftKey)}
        aria-label={`Select memory ${plain(r.title ?? r.text).slice(0, 60)}`}
        className="mt-1 size-4 shrink-0 accent-indigo-600"
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400">
          <Badge tone="indigo">{r.category}</Badge>
          <Badge>{r.scope}</Badge>
          {r.project ? <span title="project">{r.project}</span> : null}
          {r.status !== "active" ? <Badge tone={statusTone(r.status)}>{r.status}</Badge> : null}
          {r.pinned ? <Badge tone="amber">pinned{r.priority ? ` · ${r.priority}` : ""}</Badge> : null}
          <SyncBadge state={r.sync} />
          {r.tags.map((t) => (
            <Link key={t} href={`/memories?tag=${encodeURIComponent(t)}`} className="rounded bg-zinc-100 px-1 hover:underline dark:bg-zinc-800">
              #{t}
            </Link>
          ))}
          <span>
            ·{" "}
            <time dateTime={r.createdAt} title={when(r.createdAt)} data-testid="row-age">
              {r.age}
            </time>
          </span>
          {r.score !== undefined ? <span title="search score">· score {r.score.toFixed(3)}</span> : null}
        </div>
        <Link href={`/memories/${r.id}`} data-testid="memory-link" className="mt-1 block rounded focus-visible:outline-2 focus-visible:outline-indigo-500">
          {r.title ? (
            <span className="block font-medium">
              <Highlighted segments={r.title} />
            </span>
          ) : null}
          <span className="line-clamp-3 whitespace-pre-wrap break-words text-sm text-zinc-700 dark:text-zinc-300">
            <Highlighted segments={r.text} />
          </span>
        </Link>
      </div>
    </li>
  );
}

const plain = (s: Segment[]) => s.map((x) => x.text).join("");
