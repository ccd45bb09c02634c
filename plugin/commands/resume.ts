import type { CheckpointDto, CheckpointSummaryDto } from "../../lib/contracts/checkpoints";
import { unavailable } from "../tools/format";
import { handledTemplate, type SlashCommand } from "./types";

const SHOWN_CHARS = 6000;

/** `/resume`: the project's latest checkpoint into this session (the model sees it from the next turn). */
export const resume: SlashCommand = {
  name: "resume",
  description: "Bring the project's latest checkpoint into this session",
  template: handledTemplate("resume"),
  async run({ rt }) {
    const timeoutMs = rt.settings.toolTimeoutMs;
    const list = await rt.client.get<{ items: CheckpointSummaryDto[] }>("/api/checkpoints", { query: { directory: rt.directory, limit: 1 }, timeoutMs });
    if (!list.ok) return { text: unavailable(list.error) };
    const latest = list.data.items[0];
    if (!latest) return { text: "No checkpoint of this project yet (/checkpoint stores one)." };
    const full = await rt.client.get<CheckpointDto>(`/api/checkpoints/${encodeURIComponent(latest.id)}`, { timeoutMs });
    if (!full.ok) return { text: unavailable(full.error) };
    const md = full.data.markdown.length > SHOWN_CHARS ? `${full.data.markdown.slice(0, SHOWN_CHARS)}\n…` : full.data.markdown;
    return {
      text: `Resuming from checkpoint ${latest.id} (background: verify before acting on it).\n\n${md}`,
      context: true,
      toast: { message: `Recollect: resumed from ${latest.id}`, variant: "success" },
    };
  },
};
