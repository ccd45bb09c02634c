"use client";

import type { InboxItem } from "@/lib/consolidation/inbox";
import { describeItems, kindOf } from "./inbox-order";
import { btn } from "./ui";

/** Proposals about the same memories are one decision: approve or reject them all together. */
export function InboxGroupBar({
  members,
  busy,
  decideAll,
}: {
  members: InboxItem[];
  busy: boolean;
  decideAll: (members: InboxItem[], action: "approve" | "reject", text: string) => void;
}) {
  return (
    <div data-testid="inbox-group" className="mb-2 flex flex-wrap items-center gap-2 rounded bg-amber-50 p-2 text-xs dark:bg-amber-950">
      <span>One decision: {members.length} proposals about the same memories (this one and the ones below).</span>
      <button
        type="button"
        data-testid="inbox-group-approve"
        className={btn.secondary}
        disabled={busy}
        onClick={() => {
          // Supersessions first: a merge of a memory superseded meanwhile would no longer apply.
          const ordered = [...members].sort((x, y) => Number(kindOf(x) === "merge") - Number(kindOf(y) === "merge"));
          decideAll(ordered, "approve", `Approved ${describeItems(ordered)}`);
        }}
      >
        Approve all
      </button>
      <button
        type="button"
        data-testid="inbox-group-reject"
        className={btn.ghost}
        disabled={busy}
        onClick={() => decideAll(members, "reject", `Rejected ${describeItems(members)}`)}
      >
        Reject all
      </button>
    </div>
  );
}

/** What the last action did, with its Undo (which takes back exactly that action). */
export function InboxToast({
  text,
  canUndo,
  busy,
  onUndo,
  onClose,
}: {
  text: string;
  canUndo: boolean;
  busy: boolean;
  onUndo: () => void;
  onClose: () => void;
}) {
  return (
    <div
      role="status"
      data-testid="inbox-toast"
      className="fixed bottom-4 right-4 flex items-center gap-3 rounded-md bg-zinc-900 px-4 py-2 text-sm text-white shadow-lg"
    >
      <span>{text}</span>
      {canUndo ? (
        <button type="button" data-testid="inbox-undo" className="font-medium text-indigo-300 underline" disabled={busy} onClick={onUndo}>
          Undo
        </button>
      ) : null}
      <button type="button" aria-label="Dismiss" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
