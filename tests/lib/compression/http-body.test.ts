import { describe, expect, it } from "vitest";
import { ANSWER_CHUNK_CHARS, compressAnswerResponse, encodeCompressResult, readHistoryJson } from "../../../app/api/_lib/compress-body";
import type { CompressResult } from "../../../lib/contracts/compress";
import type { AppError } from "../../../lib/errors";
import type { BodyLimit } from "../../../lib/http/body-limits";

/** A request whose body arrives in the given byte chunks (as a socket would deliver it). */
function chunkedRequest(bytes: Uint8Array, sizes: number[], headers: Record<string, string> = {}): Request {
  let at = 0;
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      const n = sizes[i++ % sizes.length];
      controller.enqueue(bytes.slice(at, at + n));
      at += n;
    },
  });
  return new Request("http://127.0.0.1/api/compress", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

const history = {
  sessionID: "ses_body",
  messages: [
    { info: { id: "m1", role: "user" }, parts: [{ id: "p1", type: "text", text: "plain ascii" }] },
    { info: { id: "m2", role: "assistant" }, parts: [{ id: "p2", type: "text", text: '… ünïcödé, 中文, emoji 🚀, "quotes" \\ and \u2028 separators' }] },
  ],
};

describe("compress route body handling", () => {
  it("decodes a body whose multi-byte characters are split across chunks", async () => {
    const bytes = new TextEncoder().encode(JSON.stringify(history));
    // Chunks of 1, 2, 3 and 7 bytes split every multi-byte character somewhere.
    for (const sizes of [[1], [2, 3], [7], [64 * 1024]]) expect(await readHistoryJson(chunkedRequest(bytes, sizes), 1 << 20)).toEqual(history);
  });

  it("refuses a body over the limit (413), an empty one and one that is not JSON (400)", async () => {
    const bytes = new TextEncoder().encode(JSON.stringify(history));
    const fail = async (req: Request, limit: number | BodyLimit) => {
      try {
        await readHistoryJson(req, limit);
      } catch (e) {
        return e as AppError;
      }
      throw new Error("expected an error");
    };
    expect((await fail(chunkedRequest(bytes, [16]), 100)).code).toBe("payload_too_large");
    // The 413 names the limit and what sets it.
    const small = await fail(chunkedRequest(bytes, [16]), { bytes: 100, setting: "a route of a few fields" });
    expect(small.message).toBe("body is larger than the limit of 100 bytes (a route of a few fields)");
    expect(small.details).toEqual({ limit: 100 });
    expect((await fail(chunkedRequest(bytes, [16], { "content-length": String(bytes.length) }), 100)).code).toBe("payload_too_large");
    expect((await fail(chunkedRequest(new TextEncoder().encode("  "), [1]), 100)).message).toContain("a JSON body is required");
    expect((await fail(chunkedRequest(new TextEncoder().encode('{"messages": ['), [3]), 100)).message).toContain("not valid JSON");
  });

  it("encodes an answer as plain ASCII JSON of the same value", () => {
    const result: CompressResult = {
      messages: history.messages as CompressResult["messages"],
      stats: { tokensBefore: 10, tokensAfter: 5, byStrategy: { "file-reads": 5 } },
      nudges: ["store what matters with memory_store"],
    };
    const bytes = encodeCompressResult(result);
    expect(bytes.every((b) => b < 0x80)).toBe(true);
    const text = Buffer.from(bytes).toString("latin1");
    expect(JSON.parse(text)).toEqual(result);
    // Only what is not ASCII is escaped: the rest is JSON.stringify's output.
    expect(text.replace(/\\u([0-9a-f]{4})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))).toBe(JSON.stringify(result));
    const empty: CompressResult = { messages: [], stats: { tokensBefore: 0, tokensAfter: 0, byStrategy: {} }, nudges: [] };
    expect(new TextDecoder().decode(encodeCompressResult(empty))).toBe(JSON.stringify(empty));
  });
  it("streams a big answer in chunks of about 256 KB, never as one buffer, with its length declared (issue 37)", async () => {
    // 20,000 messages, about 4 MB of answer: one buffer of it (and copies of that buffer in
    // `new Response` and the writer) held the event loop at the end of a big compress.
    const messages = Array.from({ length: 20_000 }, (_, i) => ({
      info: { id: `msg_${i}`, role: i % 2 ? "user" : "assistant", sessionID: "s" },
      parts: [{ id: `prt_${i}`, type: "text", text: `answer ${i}: checked the index ${i % 7 ? "" : "é😀"}` }],
    }));
    const result = { messages, stats: { tokensBefore: 10, tokensAfter: 5, byStrategy: {} }, nudges: [] } as unknown as CompressResult;
    const res = await compressAnswerResponse(result, { "content-type": "application/json" });
    expect(res.headers.get("content-type")).toBe("application/json");
    const chunks: Uint8Array[] = [];
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    const longestMessage = Math.max(...messages.map((m) => JSON.stringify(m).length * 6));
    expect(chunks.length).toBeGreaterThan(8);
    for (const chunk of chunks) expect(chunk.byteLength).toBeLessThanOrEqual(ANSWER_CHUNK_CHARS + longestMessage);
    const bytes = Buffer.concat(chunks);
    expect(Number(res.headers.get("content-length"))).toBe(bytes.byteLength);
    expect(bytes.equals(Buffer.from(encodeCompressResult(result)))).toBe(true);
    expect(JSON.parse(bytes.toString("latin1"))).toEqual(result);
  });
});
