import { unavailable } from "../tools/format";
import { handledTemplate, type SlashCommand } from "./types";

/** `/distill`: proposes OpenCode skills for procedures that recur across this project's sessions. */
export const distill: SlashCommand = {
  name: "distill",
  description: "Propose skills (.opencode/skills) for procedures that recur across this project's sessions",
  template: handledTemplate("distill"),
  async run({ rt }) {
    const res = await rt.client.post<{ found: number; created: number }>(
      "/api/distill",
      { directory: rt.directory },
      { timeoutMs: rt.settings.compactTimeoutMs },
    );
    if (!res.ok) return { text: res.status && res.status < 500 ? `Nothing distilled: ${res.error}` : unavailable(res.error) };
    return {
      text: `Distill: ${res.data.found} recurring procedures, ${res.data.created} new skill proposals. A skill file is written only when you approve it in the inbox.`,
      toast: { message: `Recollect: ${res.data.created} skill proposals`, variant: "info" },
    };
  },
};
