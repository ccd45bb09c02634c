import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpProvider } from "../../../lib/embeddings/http";

/** The OpenAI-compatible provider against a local stand-in for Ollama / LM Studio / OpenAI. */
let server: http.Server;
let baseUrl = "";
const seen: { auth?: string; body: { model: string; input: string[] } }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (d) => (raw += d));
    req.on("end", () => {
      if (req.url !== "/v1/embeddings") return void res.writeHead(404).end("not found");
      const body = JSON.parse(raw) as { model: string; input: string[] };
      seen.push({ auth: req.headers.authorization, body });
      if (body.model === "broken") return void res.writeHead(500).end("model crashed");
      // Deterministic vectors, returned in reverse order with their index (as some servers do).
      const data = body.input.map((text, index) => ({ index, embedding: [text.length, 1, 0, index] }));
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data: data.reverse() }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const config = (model: string, apiKey = "") => ({
  provider: "http" as const,
  model,
  modelDir: "",
  dtype: "q8",
  pooling: "mean" as const,
  baseUrl,
  apiKey,
  batchSize: 8,
  workers: 1,
  threads: 1,
});

describe("http embedding provider", () => {
  it("posts model and inputs with the key, orders by index and normalizes", async () => {
    const p = await createHttpProvider(config("nomic-embed-text", "sk-test"));
    expect(p).toMatchObject({ id: "http:nomic-embed-text", dimension: 4 });
    const [a, b] = await p.embed(["abc", "abcdefgh"]);
    expect(seen.at(-1)).toEqual({ auth: "Bearer sk-test", body: { model: "nomic-embed-text", input: ["abc", "abcdefgh"] } });
    expect(Math.hypot(...a)).toBeCloseTo(1, 5);
    expect(a[0] / a[1]).toBeCloseTo(3, 5);
    expect(b[0] / b[1]).toBeCloseTo(8, 5);
    expect(b[3]).toBeGreaterThan(0);
  });

  it("fails with the server's answer, which the service reports as the reason", async () => {
    await expect(createHttpProvider(config("broken"))).rejects.toThrow(/answered 500: model crashed/);
    await expect(createHttpProvider({ ...config("x"), baseUrl: "" })).rejects.toThrow(/baseUrl is required/);
  });
});
