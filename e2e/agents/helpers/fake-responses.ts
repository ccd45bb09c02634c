import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake OpenAI Responses API on loopback for the real Codex binary (a custom model provider with
 * `wire_api = "responses"`): records every `/v1/responses` body and streams a scripted answer, text
 * or one function call, with the usage the test asks for (a large one triggers auto-compaction).
 */
export interface ResponsesRequest {
  model: string;
  instructions?: string;
  input: Array<{ type?: string; role?: string; content?: unknown; name?: string; output?: unknown }>;
  tools?: Array<{ type: string; name?: string }>;
}

export interface ResponsesReply {
  text?: string;
  call?: { name: string; arguments: Record<string, unknown> };
  inputTokens?: number;
}

export interface FakeResponses {
  url: string;
  requests: ResponsesRequest[];
  setResponder(r: (req: ResponsesRequest) => ResponsesReply): void;
  close(): Promise<void>;
}

export const shownText = (req: ResponsesRequest) => JSON.stringify([req.instructions ?? "", req.input]);

/** The newest user message's text. */
export function lastUserText(req: ResponsesRequest): string {
  const last = [...req.input].reverse().find((i) => i.type === "message" && i.role === "user");
  return Array.isArray(last?.content) ? (last.content as Array<{ text?: string }>).map((c) => c.text ?? "").join("\n") : "";
}

export async function startFakeResponses(): Promise<FakeResponses> {
  const requests: ResponsesRequest[] = [];
  let responder: (req: ResponsesRequest) => ResponsesReply = () => ({ text: "ok" });
  let n = 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      if (req.method !== "POST" || !req.url?.includes("/responses")) {
        res.writeHead(404, { "content-type": "application/json" }).end("{}");
        return;
      }
      const parsed = JSON.parse(body || "{}") as ResponsesRequest;
      requests.push(parsed);
      const reply = responder(parsed);
      const id = `resp_${++n}`;
      const item = reply.call
        ? {
            type: "function_call",
            id: `fc_${n}`,
            call_id: `call_${n}`,
            name: reply.call.name,
            arguments: JSON.stringify(reply.call.arguments),
            status: "completed",
          }
        : {
            type: "message",
            role: "assistant",
            id: `msg_${n}`,
            status: "completed",
            content: [{ type: "output_text", text: reply.text ?? "ok", annotations: [] }],
          };
      res.writeHead(200, { "content-type": "text/event-stream" });
      const send = (data: Record<string, unknown>) => res.write(`event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
      const inputTokens = reply.inputTokens ?? 100;
      send({ type: "response.created", response: { id } });
      send({ type: "response.output_item.added", output_index: 0, item: reply.call ? item : { ...item, content: [] } });
      if (!reply.call) send({ type: "response.output_text.delta", output_index: 0, content_index: 0, item_id: item.id, delta: reply.text ?? "ok" });
      send({ type: "response.output_item.done", output_index: 0, item });
      send({
        type: "response.completed",
        response: {
          id,
          usage: { input_tokens: inputTokens, input_tokens_details: null, output_tokens: 5, output_tokens_details: null, total_tokens: inputTokens + 5 },
        },
      });
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
