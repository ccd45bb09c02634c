import type { Part } from "@opencode-ai/sdk";
import type { CompressResult } from "../../lib/contracts/compress";
import type { Runtime } from "../runtime";
import { SHAPES } from "../shapes";
import type { CompressDeltaState, SessionState } from "../state";
import { ATTACHED_PART_PREFIX, type WithParts } from "./message-parts";

type Stub = { id: string; unchanged: true };
const isStub = (p: unknown): p is Stub => !!p && typeof p === "object" && (p as Stub).unchanged === true;

/**
 * Sends the history to `/api/compress` and writes the result back into the same array (OpenCode
 * ignores a reassigned `output.messages`). Original message objects are kept, only their parts
 * change. On any failure the history goes out as it came in. Returns the server's nudges.
 *
 * Delta exchange (lib/compression/delta.ts): a part sent unchanged in the previous call goes as a
 * stub, and the answer has stubs for parts compressed as before; a 409 (the server lost the
 * previous call) resends the whole history once.
 */
export async function compressHistory(rt: Runtime, s: SessionState, messages: WithParts[]): Promise<string[]> {
  // The call would be refused at once: spare the serialization (milliseconds on a long history).
  if (rt.client.breaker.state === "open") return keepCompressed(s, messages);
  const own = (m: WithParts) => m.parts.filter((p) => !p.id.startsWith(ATTACHED_PART_PREFIX));
  const sent = new Map<string, string>();
  for (const m of messages) for (const p of own(m)) sent.set(p.id, JSON.stringify(p));
  const call = (prev: CompressDeltaState | undefined) => {
    const payload = messages.map((m) => ({
      info: m.info,
      parts: own(m).map((p) => (prev && prev.sent.get(p.id) === sent.get(p.id) ? ({ id: p.id, unchanged: true } satisfies Stub) : p)),
    }));
    return rt.client.post<CompressResult & { base?: string }>(
      "/api/compress",
      { sessionID: s.id, messages: payload, ...(rt.contextLimit ? { contextLimit: rt.contextLimit } : {}), delta: prev ? { base: prev.base } : {} },
      { timeoutMs: rt.settings.compressTimeoutMs, expect: SHAPES.compress },
    );
  };
  const prev = s.compressDelta;
  let res = await call(prev);
  if (!res.ok && res.status === 409 && prev) {
    s.compressDelta = undefined;
    res = await call(undefined);
  }
  if (!res.ok || !Array.isArray(res.data?.messages)) return keepCompressed(s, messages, sent);
  s.compressDelta = undefined;

  const byId = new Map(messages.map((m) => [m.info.id, m]));
  const answer = new Map<string, Part>();
  const resolved: { original: WithParts; parts: Part[] }[] = [];
  for (const r of res.data.messages) {
    const original = byId.get(r.info.id as string);
    if (!original) return []; // not ours to invent: keep the history unchanged
    const parts: Part[] = [];
    for (const p of r.parts as unknown[]) {
      const part = isStub(p) ? prev?.answer.get(p.id) : (p as Part);
      if (!part) return []; // a stub for a part we do not have: keep the history unchanged
      answer.set(part.id, part);
      parts.push(part);
    }
    resolved.push({ original, parts });
  }
  const next: WithParts[] = [];
  for (const { original, parts } of resolved) {
    const attached = original.parts.filter((p) => p.id.startsWith(ATTACHED_PART_PREFIX));
    original.parts.splice(0, original.parts.length, ...parts, ...attached);
    next.push(original);
  }
  messages.splice(0, messages.length, ...next);
  if (typeof res.data.base === "string") s.compressDelta = { base: res.data.base, sent, answer };
  return Array.isArray(res.data.nudges) ? res.data.nudges.filter((n) => typeof n === "string" && n) : [];
}

/**
 * The server did not answer: every part sent unchanged in the last successful call goes out as it
 * was answered then (the compressed form the provider has cached), the rest as it is. An outage
 * then changes nothing the model already saw, and the cached prefix survives it.
 */
function keepCompressed(s: SessionState, messages: WithParts[], sent?: Map<string, string>): string[] {
  const last = s.compressDelta;
  if (!last) return [];
  for (const m of messages)
    m.parts.forEach((p, i) => {
      if (p.id.startsWith(ATTACHED_PART_PREFIX)) return;
      const answered = last.answer.get(p.id);
      if (answered && last.sent.get(p.id) === (sent?.get(p.id) ?? JSON.stringify(p))) m.parts[i] = answered;
    });
  return [];
}
