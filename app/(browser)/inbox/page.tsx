import type { Metadata } from "next";
import { serverCtx } from "@/lib/boot";
import { listInbox } from "@/lib/consolidation/inbox";
import { InboxQueue } from "../_components/InboxQueue";
import { PageHeader } from "../_components/ui";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Review inbox" };

/** Suggested memories and consolidation proposals in one queue (docs/consolidation.md). */
export default function InboxPage() {
  const page = listInbox(serverCtx(), { limit: 200 });
  return (
    <div data-testid="inbox">
      <PageHeader
        title="Review inbox"
        description="Suggested memories and consolidation proposals. j / k to move, a to approve, r to reject, e to edit, u to undo."
      />
      <InboxQueue initial={page} />
    </div>
  );
}
