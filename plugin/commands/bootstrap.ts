import type { BootstrapResult } from "../../lib/contracts/bootstrap";
import { unavailable } from "../tools/format";
import { handledTemplate, type SlashCommand } from "./types";

/** `/bootstrap`: proposes memories from the project's own files (agent instructions, build files, README...). */
export const bootstrap: SlashCommand = {
  name: "bootstrap",
  description: "Propose memories from this project's files (AGENTS.md, CLAUDE.md, package.json, CI, README...) for review",
  template: handledTemplate("bootstrap"),
  async run({ rt }) {
    const res = await rt.client.post<BootstrapResult>("/api/bootstrap", { directory: rt.directory }, { timeoutMs: rt.settings.compactTimeoutMs });
    if (!res.ok) return { text: res.status && res.status < 500 ? `Not bootstrapped: ${res.error}` : unavailable(res.error) };
    const c = res.data.counts;
    return {
      text: `Bootstrap read ${res.data.files} files: ${c.new} new and ${c.updated} updated proposals (${c.unchanged + c.known} already known). They wait as suggested memories in the inbox.`,
      toast: { message: `Recollect: ${c.new + c.updated} proposals from the project's files`, variant: "info" },
    };
  },
};
