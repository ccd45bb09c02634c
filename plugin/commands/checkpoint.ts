import type { CaptureCheckpointResult } from "../../lib/contracts/checkpoints";
import { readHistory } from "../hooks/compacting";
import { unavailable } from "../tools/format";
import { handledTemplate, type SlashCommand } from "./types";

/** How much of the checkpoint's Markdown the session shows (the memory browser has all of it). */
const SHOWN_CHARS = 2000;

/** `/checkpoint`: a manual checkpoint of this session now, its summary shown. */
export const checkpoint: SlashCommand = {
  name: "checkpoint",
  description: "Store a checkpoint of this session now and show its summary",
  template: handledTemplate("checkpoint"),
  async run({ rt, sessionID }) {
    const messages = await readHistory(rt, sessionID);
    if (!messages?.length) return { text: "Nothing to checkpoint yet: this session has no messages." };
    const res = await rt.client.post<CaptureCheckpointResult>(
      "/api/checkpoints",
      { directory: rt.directory, sessionID, trigger: "manual", messages },
      { timeoutMs: rt.settings.compactTimeoutMs },
    );
    if (!res.ok) return { text: res.status && res.status < 500 ? `No checkpoint: ${res.error}` : unavailable(res.error) };
    rt.sessions.get(sessionID).lastCheckpoint = res.data.id;
    const md = res.data.markdown.length > SHOWN_CHARS ? `${res.data.markdown.slice(0, SHOWN_CHARS)}\n…` : res.data.markdown;
    const suggested = res.data.suggested.length ? `\n${res.data.suggested.length} memories suggested for review.` : "";
    return {
      text: `Checkpoint ${res.data.id} stored (${messages.length} messages, ${res.data.tokens.raw} -> ${res.data.tokens.summary} tokens).${suggested}\n\n${md}`,
      toast: { message: `Recollect: checkpoint ${res.data.id} stored`, variant: "success" },
    };
  },
};
