import { unavailable } from "../tools/format";
import { handledTemplate, type SlashCommand } from "./types";

/** What `POST /api/consolidate` and `/api/distill` answer that a command shows. */
interface ProposalCounts {
  found: number | Record<string, number>;
  created: number;
}

/** "3 merge, 1 supersede" from a count per kind; "" when none. */
export const kindCounts = (found: ProposalCounts["found"]) =>
  typeof found === "number"
    ? ""
    : Object.entries(found)
        .filter(([, n]) => n > 0)
        .map(([kind, n]) => `${n} ${kind}`)
        .join(", ");

/** `/dream`: consolidates this project's memory now; what it proposes waits in the inbox. */
export const dream: SlashCommand = {
  name: "dream",
  description: "Consolidate this project's memory now: propose merges, supersessions, stale and expired memories for review",
  template: handledTemplate("dream"),
  async run({ rt }) {
    const res = await rt.client.post<ProposalCounts>("/api/consolidate", { directory: rt.directory }, { timeoutMs: rt.settings.compactTimeoutMs });
    if (!res.ok) return { text: res.status && res.status < 500 ? `Not consolidated: ${res.error}` : unavailable(res.error) };
    const kinds = kindCounts(res.data.found);
    return {
      text: `Consolidation: ${res.data.created} new proposals${kinds ? ` (found: ${kinds})` : ""}. Review them in the browser's inbox (recollect open, /inbox) or with \`recollect inbox\`.`,
      toast: { message: `Recollect: ${res.data.created} proposals for review`, variant: "info" },
    };
  },
};
