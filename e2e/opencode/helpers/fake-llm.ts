import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake OpenAI-compatible LLM on loopback: records every `/v1/chat/completions` body and answers
 * from a script (streaming SSE or plain JSON, as asked).
 */

export interface ChatMessage {
  role: "system" | "user" | "assistant" | "tool";
  content: string | Array<{ type: string; text?: string }> | null;
  tool_calls?: Array<{ id: string; type: "function"; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools?: Array<{ type: "function"; function: { name: string; description?: string; parameters?: unknown } }>;
  stream?: boolean;
  [key: string]: unknown;
}

export interface Reply {
  text?: string;
  toolCalls?: Array<{ name: string; args: Record<string, unknown> }>;
  /** Reported prompt tokens (a huge value triggers OpenCode's automatic compaction). */
  promptTokens?: number;
  /** Milliseconds to wait before answering. */
  delayMs?: number;
  /** Answer only once this settles: holds a phase until the test has looked at the state before it. */
  waitFor?: Promise<unknown>;
  /** Fail with this HTTP status (a provider error); `retry-after-ms: 0` keeps OpenCode's retries instant. */
  status?: number;
}

export interface Recorded {
  at: number;
  body: ChatRequest;
}

export type Responder = (req: ChatRequest, index: number) => Reply | undefined;

export interface FakeLlm {
  url: string;
  requests: Recorded[];
  setResponder(r: Responder): void;
  close(): Promise<void>;
}

/** Text of a chat message, whatever its content shape. */
export function textOf(m: ChatMessage): string {
  if (typeof m.content === "string") return m.content;
  if (Array.isArray(m.content)) return m.content.map((c) => c.text ?? "").join("");
  return "";
}

export const systemTexts = (r: ChatRequest) => r.messages.filter((m) => m.role === "system").map(textOf);
export const lastUserText = (r: ChatRequest) => {
  const users = r.messages.filter((m) => m.role === "user");
  return users.length ? textOf(users[users.length - 1]!) : "";
};
/** OpenCode's title generator: a request without tools whose system prompt asks for a title. */
export const isTitleRequest = (r: ChatRequest) => !r.tools?.length && systemTexts(r).some((s) => /title/i.test(s)) && !isCompactionRequest(r);
export const isCompactionRequest = (r: ChatRequest) => !r.tools?.length && systemTexts(r).some((s) => /summarization agent|summariz/i.test(s));

export async function startFakeLlm(responder?: Responder): Promise<FakeLlm> {
  const requests: Recorded[] = [];
  let respond: Responder = responder ?? (() => ({ text: "ok" }));
  let counter = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404).end();
        return;
      }
      let body: ChatRequest;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        res.writeHead(400).end();
        return;
      }
      const index = requests.length;
      requests.push({ at: Date.now(), body });
      const reply = (isTitleRequest(body) ? { text: "Test session" } : respond(body, index)) ?? { text: "ok" };
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (reply.waitFor) await reply.waitFor;
      if (reply.status) {
        res.writeHead(reply.status, { "content-type": "application/json", "retry-after-ms": "0" });
        res.end(JSON.stringify({ error: { message: reply.text ?? `fake provider error ${reply.status}`, type: "server_error", code: reply.status } }));
        return;
      }
      const id = `chatcmpl-${++counter}`;
      const created = Math.floor(Date.now() / 1000);
      const toolCalls = (reply.toolCalls ?? []).map((t, i) => ({
        index: i,
        id: `call_${counter}_${i}`,
        type: "function" as const,
        function: { name: t.name, arguments: JSON.stringify(t.args) },
      }));
      const finish = toolCalls.length ? "tool_calls" : "stop";
      const usage = { prompt_tokens: reply.promptTokens ?? 100, completion_tokens: 10, total_tokens: (reply.promptTokens ?? 100) + 10 };
      if (body.stream) {
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
        const send = (o: unknown) => res.write(`data: ${JSON.stringify(o)}\n\n`);
        const chunk = (delta: unknown, finish_reason: string | null, extra: object = {}) =>
          send({ id, object: "chat.completion.chunk", created, model: body.model, choices: [{ index: 0, delta, finish_reason }], ...extra });
        chunk({ role: "assistant", content: "" }, null);
        if (reply.text) chunk({ content: reply.text }, null);
        if (toolCalls.length) chunk({ tool_calls: toolCalls }, null);
        chunk({}, finish, { usage });
        res.write("data: [DONE]\n\n");
        res.end();
      } else {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            id,
            object: "chat.completion",
            created,
            model: body.model,
            choices: [
              {
                index: 0,
                message: {
                  role: "assistant",
                  content: reply.text ?? null,
                  ...(toolCalls.length ? { tool_calls: toolCalls.map(({ index: _i, ...t }) => t) } : {}),
                },
                finish_reason: finish,
              },
            ],
            usage,
          }),
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setResponder: (r) => (respond = r),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
