import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeLlm {
  baseUrl: string;
  requests: { headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[];
  /** What the next answers contain (the last one repeats). */
  answers: { content: string; usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number }; status?: number }[];
  close: () => Promise<void>;
}

/** A tiny OpenAI-compatible `POST /v1/chat/completions` on loopback that records every request. */
export async function startFakeLlm(): Promise<FakeLlm> {
  const fake: Omit<FakeLlm, "baseUrl" | "close"> = { requests: [], answers: [{ content: '{"memories": []}' }] };
  const server = http.createServer((req, res) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404).end();
        return;
      }
      fake.requests.push({ headers: req.headers, body: JSON.parse(data) });
      const answer = fake.answers.length > 1 ? fake.answers.shift()! : fake.answers[0];
      res.writeHead(answer.status ?? 200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: "chatcmpl-fake",
          object: "chat.completion",
          choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: answer.content } }],
          ...(answer.usage ? { usage: answer.usage } : {}),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as FakeLlm;
}
