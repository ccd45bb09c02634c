import type { MemoryDto } from "../../lib/contracts/memories";
import { unavailable } from "../tools/format";
import { handledTemplate, type SlashCommand } from "./types";

/** `/forget <id>`: archives (restorable from the memory browser); deleting for good stays in the browser. */
export const forget: SlashCommand = {
  name: "forget",
  description: "Archive a memory by id: /forget <id>",
  template: handledTemplate("forget"),
  async run({ rt, arguments: args }) {
    const id = args.trim().split(/\s+/)[0];
    if (!id) return { text: "Usage: /forget <memory id>" };
    const res = await rt.client.call<MemoryDto>("DELETE", `/api/memories/${encodeURIComponent(id)}`, { timeoutMs: rt.settings.toolTimeoutMs });
    rt.stableFetchedAt = 0; // the pinned block may have changed
    if (!res.ok) return { text: res.status && res.status < 500 ? `Not forgotten: ${res.error}` : unavailable(res.error) };
    return { text: `Archived ${id} (restorable from the memory browser).`, toast: { message: `Recollect: archived ${id}`, variant: "success" } };
  },
};
