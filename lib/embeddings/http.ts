import type { Config } from "../config";
import { normalize, providerId, type EmbeddingProvider } from "./provider";
import { trimEnd } from "../trim-end";

/**
 * OpenAI-compatible `POST {baseUrl}/embeddings` (Ollama, LM Studio, OpenAI, vLLM, ...): base URL,
 * model and an optional key from the `embedding` config section.
 */
export async function createHttpProvider(config: Config["embedding"], timeoutMs = 30_000): Promise<EmbeddingProvider> {
  if (!config.baseUrl) throw new Error("embedding.baseUrl is required for the http provider");
  if (!config.model) throw new Error("embedding.model is required for the http provider");
  const url = trimEnd(config.baseUrl, "/") + "/embeddings";
  const embed = async (texts: string[]): Promise<Float32Array[]> => {
    if (texts.length === 0) return [];
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: config.model, input: texts }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    const body = (await res.json()) as { data?: { embedding: number[]; index?: number }[] };
    if (!Array.isArray(body.data) || body.data.length !== texts.length) {
      throw new Error(`${url} returned ${body.data?.length ?? "no"} embeddings for ${texts.length} inputs`);
    }
    const sorted = [...body.data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    return sorted.map((d) => normalize(Float32Array.from(d.embedding)));
  };
  const probe = await embed(["warm up"]);
  return { id: providerId(config), dimension: probe[0].length, embed };
}
