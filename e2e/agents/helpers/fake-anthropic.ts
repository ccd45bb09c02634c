import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake Anthropic Messages API on loopback for the real Claude Code binary (ANTHROPIC_BASE_URL):
 * records every `/v1/messages` body and answers from a script, streaming (SSE) or not, with text or
 * one tool call.
 */
export interface AnthropicRequest {
  model: string;
  system?: unknown;
  messages: Array<{ role: string; content: unknown }>;
  tools?: Array<{ name: string }>;
  stream?: boolean;
}

export interface AnthropicReply {
  text?: string;
  toolUse?: { name: string; input: Record<string, unknown> };
}

export interface FakeAnthropic {
  url: string;
  requests: AnthropicRequest[];
  setResponder(r: (req: AnthropicRequest) => AnthropicReply): void;
  close(): Promise<void>;
}

/** Every text the model was shown (system, messages, tool results), as one string. */
export const shownText = (req: AnthropicRequest) => JSON.stringify([req.system ?? "", req.messages]);

/** The newest user turn's own text (not tool results or reminders). */
export function lastPrompt(req: AnthropicRequest): string {
  const last = [...req.messages].reverse().find((m) => m.role === "user");
  if (!last) return "";
  if (typeof last.content === "string") return last.content;
  return (last.content as Array<{ type: string; text?: string }>)
    .filter((c) => c.type === "text" && !c.text?.startsWith("<system-reminder>"))
    .map((c) => c.text ?? "")
    .join("\n");
}

export async function startFakeAnthropic(): Promise<FakeAnthropic> {
  const requests: AnthropicRequest[] = [];
  let responder: (req: AnthropicRequest) => AnthropicReply = () => ({ text: "ok" });
  let n = 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      if (req.url?.startsWith("/v1/messages/count_tokens")) {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ input_tokens: 100 }));
        return;
      }
      if (!req.url?.startsWith("/v1/messages")) {
        res.writeHead(404, { "content-type": "application/json" }).end("{}");
        return;
      }
      const parsed = JSON.parse(body || "{}") as AnthropicRequest;
      requests.push(parsed);
      const reply = responder(parsed);
      const id = `msg_${++n}`;
      const content = reply.toolUse
        ? [{ type: "tool_use", id: `toolu_${n}`, name: reply.toolUse.name, input: reply.toolUse.input }]
        : [{ type: "text", text: reply.text ?? "ok" }];
      const stopReason = reply.toolUse ? "tool_use" : "end_turn";
      const usage = { input_tokens: 100, output_tokens: 5 };
      if (!parsed.stream) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ id, type: "message", role: "assistant", model: parsed.model, content, stop_reason: stopReason, stop_sequence: null, usage }));
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      send("message_start", {
        type: "message_start",
        message: { id, type: "message", role: "assistant", model: parsed.model, content: [], stop_reason: null, stop_sequence: null, usage },
      });
      if (reply.toolUse) {
        send("content_block_start", {
          type: "content_block_start",
          index: 0,
          content_block: { type: "tool_use", id: `toolu_${n}`, name: reply.toolUse.name, input: {} },
        });
        send("content_block_delta", {
          type: "content_block_delta",
          index: 0,
          delta: { type: "input_json_delta", partial_json: JSON.stringify(reply.toolUse.input) },
        });
      } else {
        send("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } });
        send("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: reply.text ?? "ok" } });
      }
      send("content_block_stop", { type: "content_block_stop", index: 0 });
      send("message_delta", { type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 5 } });
      send("message_stop", { type: "message_stop" });
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    setResponder: (r) => (responder = r),
    close: () => new Promise((r) => server.close(() => r())),
  };
}
