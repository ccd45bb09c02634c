import type { Part } from "@opencode-ai/sdk";
import type { CompressResult } from "../../lib/api/compress";
import type { Runtime } from "../runtime";
import type { SessionState } from "../state";
import { ATTACHED_PART_PREFIX, type WithParts } from "./messages";

/**
 * Sends the history to `/api/compress` and writes the result back into the same array (OpenCode
 * ignores a reassigned `output.messages`). Original message objects are kept, only their parts
 * change. On any failure the history goes out as it came in. Returns the server's nudges.
 */
export async function compressHistory(rt: Runtime, s: SessionState, messages: WithParts[]): Promise<string[]> {
  const payload = messages.map((m) => ({ info: m.info, parts: m.parts.filter((p) => !p.id.startsWith(ATTACHED_PART_PREFIX)) }));
  const res = await rt.client.post<CompressResult>(
    "/api/compress",
    { sessionID: s.id, messages: payload, ...(rt.contextLimit ? { contextLimit: rt.contextLimit } : {}) },
    { timeoutMs: rt.settings.compressTimeoutMs },
  );
  if (!res.ok || !Array.isArray(res.data?.messages)) return [];
  const byId = new Map(messages.map((m) => [m.info.id, m]));
  const next: WithParts[] = [];
  for (const r of res.data.messages) {
    const original = byId.get(r.info.id as string);
    if (!original) return []; // not ours to invent: keep the history unchanged
    const attached = original.parts.filter((p) => p.id.startsWith(ATTACHED_PART_PREFIX));
    original.parts.splice(0, original.parts.length, ...(r.parts as unknown as Part[]), ...attached);
    next.push(original);
  }
  messages.splice(0, messages.length, ...next);
  return Array.isArray(res.data.nudges) ? res.data.nudges.filter((n) => typeof n === "string" && n) : [];
}
