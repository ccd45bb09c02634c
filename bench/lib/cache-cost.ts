/**
 * A provider's prompt cache, simulated: what a sequence of requests costs in input once cached
 * prefixes are billed as reads. Like Anthropic's: a request's longest prefix cached by an earlier
 * request (still alive) is read at `read` times the input price; the rest is written to the cache
 * at `write` times; an entry lives `ttlMs` after it was last written or read.
 *
 * A request is a list of blocks (the fixed prefix, then each part of the history), each with a key
 * (its bytes, or anything equal exactly when its bytes are) and its tokens. Prefixes are compared
 * block by block: a block that differs ends the cached prefix, as a changed byte would.
 */
export interface Block {
  key: string;
  tokens: number;
}

export interface CacheModel {
  read: number;
  write: number;
  ttlMs: number;
}

export const DEFAULT_CACHE_MODEL: CacheModel = { read: 0.1, write: 1.25, ttlMs: 5 * 60_000 };

export interface RequestCost {
  tokens: number;
  cachedTokens: number;
  /**
   * Uncached tokens past the end of the previous request (what the request appends: the step just
   * taken); the rest of the uncached tokens were sent before and are written again (a changed
   * block, or everything after it, or an expired entry).
   */
  tailTokens: number;
  /** Input cost in uncached-token units: cached x read + the rest x write. */
  cost: number;
}

interface Node {
  children: Map<number, Node>;
  expiresAt: number;
}

export class PrefixCache {
  private readonly root: Node = { children: new Map(), expiresAt: Infinity };
  private readonly ids = new Map<string, number>();
  private previousLength = 0;

  constructor(readonly model: CacheModel = DEFAULT_CACHE_MODEL) {}

  /**
   * Sends one request at `now` (ms): its cost, then its prefixes are cached (or refreshed).
   * `appendedFrom`: the first block the request appends (by default, the previous request's
   * length; 0 for the first request of a new conversation).
   */
  request(blocks: Block[], now: number, appendedFrom = this.previousLength): RequestCost {
    let node = this.root;
    let cachedTokens = 0;
    let tokens = 0;
    let tailTokens = 0;
    let hit = true;
    for (const [i, b] of blocks.entries()) {
      tokens += b.tokens;
      let id = this.ids.get(b.key);
      if (id === undefined) this.ids.set(b.key, (id = this.ids.size));
      let child = node.children.get(id);
      if (hit && child && child.expiresAt > now) cachedTokens += b.tokens;
      else {
        hit = false;
        if (i >= appendedFrom) tailTokens += b.tokens;
      }
      if (!child) node.children.set(id, (child = { children: new Map(), expiresAt: 0 }));
      child.expiresAt = now + this.model.ttlMs;
      node = child;
    }
    this.previousLength = blocks.length;
    return { tokens, cachedTokens, tailTokens, cost: cachedTokens * this.model.read + (tokens - cachedTokens) * this.model.write };
  }
}

export interface RunCost {
  requests: number;
  tokens: number;
  cachedTokens: number;
  /** Uncached tokens each request appended (written once whatever the schedule). */
  tailTokens: number;
  /** Uncached tokens sent before: rewrites (a batch, a changed block) and expired entries. */
  rewrittenTokens: number;
  cost: number;
  /** Where the cost goes: cached reads, writes of the appended tails, rewrites. Sums to `cost`. */
  costOf: { reads: number; tailWrites: number; rewrites: number };
  /** cachedTokens / tokens. */
  cacheableShare: number;
}

/** Sums request costs. */
export function totalCost(costs: RequestCost[], model: CacheModel = DEFAULT_CACHE_MODEL): RunCost {
  const sum = (f: (c: RequestCost) => number) => costs.reduce((n, c) => n + f(c), 0);
  const tokens = sum((c) => c.tokens);
  const cachedTokens = sum((c) => c.cachedTokens);
  const tailTokens = sum((c) => c.tailTokens);
  const rewrittenTokens = tokens - cachedTokens - tailTokens;
  return {
    requests: costs.length,
    tokens,
    cachedTokens,
    tailTokens,
    rewrittenTokens,
    cost: sum((c) => c.cost),
    costOf: { reads: cachedTokens * model.read, tailWrites: tailTokens * model.write, rewrites: rewrittenTokens * model.write },
    cacheableShare: tokens ? cachedTokens / tokens : 0,
  };
}
