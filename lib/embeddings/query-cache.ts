/** Characters of a text that are embedded (the models truncate at a few hundred tokens anyway). */
export const EMBED_CHARS = 2000;
const QUERY_CACHE = 1000;

/** Query embeddings, least recently used first out: the plugin asks the same things again and again. */
export class QueryEmbeddingCache {
  private readonly entries = new Map<string, Float32Array>();

  /** The cached embedding of this key, marked as just used. */
  take(key: string): Float32Array | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** The cached embedding of exactly this key, if one is at hand (order untouched). */
  peek(key: string): Float32Array | undefined {
    return this.entries.get(key);
  }

  remember(key: string, v: Float32Array) {
    this.entries.set(key, v);
    if (this.entries.size > QUERY_CACHE) this.entries.delete(this.entries.keys().next().value!);
  }
}
