import type { ContextSummaryDto } from "../../lib/contracts/context";
import { unavailable } from "../tools/format";
import { handledTemplate, type SlashCommand } from "./types";

/** An age in seconds as people say it: 42s, 5m, 3h, 2d. */
export function shortAge(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}

/** A running loop in a few columns: its phase and iteration (`code 2/15`, `audit 3`, `start 0/15`). */
export function loopState(l: ContextSummaryDto["loops"][number]): string {
  return `${l.phase ?? "start"} ${l.iteration}${l.maxIterations ? `/${l.maxIterations}` : ""}`;
}

export function summaryLines(s: ContextSummaryDto): string[] {
  const cp = s.lastCheckpoint;
  return [
    `Search: ${s.searchMode}`,
    `Memories: ${s.memories.project} in this project, ${s.memories.global} global`,
    `Pinned: ${s.pinned.count} (${s.pinned.tokens} tokens)`,
    `Last checkpoint: ${cp ? `${cp.id}, ${shortAge(cp.ageSeconds)} ago` : "none"}`,
    `Saved this session: ${s.tokensSaved} tokens`,
    `Inbox: ${s.inbox} to review`,
    `Loops: ${s.loopsRunning} running`,
    ...(s.loops ?? []).map((l) => `  ${l.slug} (${l.id}): ${loopState(l)}`),
  ];
}

/** `/memory`: status of this project's memory (one summary read). */
export const memory: SlashCommand = {
  name: "memory",
  description: "Recollect status: search mode, memories, pinned block, last checkpoint, tokens saved",
  template: handledTemplate("memory"),
  async run({ rt, sessionID }) {
    const res = await rt.client.get<ContextSummaryDto>("/api/context/summary", {
      query: { directory: rt.directory, sessionID },
      timeoutMs: rt.settings.toolTimeoutMs,
    });
    if (!res.ok) return { text: unavailable(res.error) };
    const s = res.data;
    return {
      text: `Recollect ${s.version}\n${summaryLines(s).join("\n")}`,
      toast: { message: `Recollect: ${s.memories.project} memories, ${s.pinned.count} pinned, inbox ${s.inbox}`, variant: "info" },
    };
  },
};
