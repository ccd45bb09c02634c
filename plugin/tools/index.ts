import { tool } from "../tool";
import type { ExpandResult } from "../../lib/contracts/compress";
import type { CreateMemoryResult, DedupOutcome, MemoryDto } from "../../lib/contracts/memories";
import type { SearchOutput } from "../../lib/contracts/search";
// Pure constants, no dependencies: the plugin shares the server's vocabulary instead of a copy.
import type { CATEGORIES } from "../../lib/vocabulary";
import type { Runtime } from "../runtime";
import { memoryLine, unavailable } from "./format";

/**
 * The memory tools. Their definitions (names, descriptions, parameter schemas) go with every
 * request, so they are kept to 260 tokens together (tests/lib/plugin/tool-definitions.test.ts):
 * three tools (each costs about 50 tokens of JSON Schema frame before its first word, so the rarer
 * acts, update, archive and pin-now, ride on memory_store's optional fields instead of tools of
 * their own), plain-string parameters, the categories named in the description rather than as an
 * enum (the server checks them and its error names the field), descriptions in a few words (the
 * results explain themselves). memory_expand keeps its own name: compressed outputs name it.
 * Errors come back as text for the model, never as exceptions.
 */
const z = tool.schema;

/** The categories worth naming to the model (the server accepts every one of CATEGORIES). */
const NAMED_CATEGORIES = [
  "decision",
  "constraint",
  "convention",
  "gotcha",
  "fact",
  "procedure",
  "note",
] as const satisfies readonly (typeof CATEGORIES)[number][];

export function memoryTools(rt: Runtime) {
  const timeoutMs = rt.settings.toolTimeoutMs;
  const idPath = (id: string) => `/api/memories/${encodeURIComponent(id)}`;

  return {
    memory_search: tool({
      description: "Search long-term memory.",
      args: { query: z.string() },
      async execute(args, ctx) {
        const res = await rt.client.post<SearchOutput>(
          "/api/search",
          { directory: ctx.directory || rt.directory, query: args.query, limit: 8, sessionId: ctx.sessionID, tokenBudget: 1500 },
          { timeoutMs },
        );
        if (!res.ok) return unavailable(res.error);
        const results = res.data.results ?? [];
        if (!results.length) return `No memory matches "${args.query}".`;
        return results.map((r) => memoryLine(r)).join("\n");
      },
    }),

    memory_store: tool({
      description: `Keep a durable fact. category: ${NAMED_CATEGORIES.join("|")}. pinned: always shown, from the next session (now: at once). id: update; forget: archive.`,
      args: {
        content: z.string().optional(),
        category: z.string().optional(),
        pinned: z.boolean().optional(),
        now: z.boolean().optional(),
        id: z.string().optional(),
        forget: z.boolean().optional(),
      },
      async execute(args, ctx) {
        if (args.id && args.forget) return forget(args.id);
        if (args.id) return edit(args.id, args);
        if (!args.content?.trim()) return "Nothing stored: give content (or an id to update or forget).";
        const res = await rt.client.post<MemoryDto & Pick<CreateMemoryResult, "deduplicated"> & { dedup?: DedupOutcome | null }>(
          "/api/memories",
          {
            content: args.content,
            category: args.category ?? "note",
            scope: "project",
            directory: ctx.directory || rt.directory,
            pinned: args.pinned ?? false,
            source: "tool",
            metadata: { sessionID: ctx.sessionID },
          },
          { timeoutMs },
        );
        if (!res.ok) return res.status && res.status < 500 ? `Not stored: ${res.error}` : unavailable(res.error);
        if (res.data.pinned) {
          // New sessions show it from their first turn; this one at its next cache break (a
          // compaction), or at once when the user asked: the system prompt changing mid-session
          // makes the provider write the whole cached prefix again.
          rt.stableFetchedAt = 0;
          if (args.now) rt.sessions.get(ctx.sessionID).stableRefresh = true;
        }
        const m = res.data;
        const stored = `Stored ${m.id} (${m.category}, ${m.scope}${m.pinned ? ", pinned" : ""}).`;
        const d = m.dedup;
        const how = d && (d.cosine === null ? `words ${d.lexical}` : `cosine ${d.cosine}, words ${d.lexical}`);
        if (d?.kind === "near") return `Merged into ${m.id}, a near duplicate (${how}): your text is kept as version ${d.version} of it.`;
        if (d?.kind === "similar") return `${stored} Similar to ${d.memoryId} (${how}): linked and proposed as a merge for review.`;
        return res.data.deduplicated ? `Already remembered as ${m.id}.` : stored;
      },
    }),

    memory_expand: tool({
      description: "Original of a compressed output.",
      args: { hash: z.string() },
      async execute({ hash }) {
        const clean = hash
          .trim()
          .replace(/^["'#]+/, "")
          // Only from the start of the closing run: `["']+$` alone rescans a long run from each quote.
          .replace(/(?<!["'])["']+$/, "")
          .toLowerCase();
        const res = await rt.client.get<ExpandResult>(`/api/expand/${encodeURIComponent(clean)}`, { timeoutMs });
        if (!res.ok)
          return res.status === 404
            ? `Nothing stored under ${clean} (it may have expired).`
            : res.status && res.status < 500
              ? res.error
              : unavailable(res.error);
        return res.data.content;
      },
    }),
  };

  async function edit(id: string, args: { content?: string; category?: string; pinned?: boolean }): Promise<string> {
    const body = Object.fromEntries(Object.entries({ content: args.content, category: args.category, pinned: args.pinned }).filter(([, v]) => v !== undefined));
    if (!Object.keys(body).length) return "Nothing to change: give content, category or pinned with the id.";
    const res = await rt.client.call<MemoryDto>("PATCH", idPath(id), { body: { ...body, source: "tool" }, timeoutMs });
    rt.stableFetchedAt = 0; // an edit may change what the stable block shows
    if (!res.ok) return res.status && res.status < 500 ? `Not changed: ${res.error}` : unavailable(res.error);
    return `Updated:\n${memoryLine(res.data)}`;
  }

  /** Archives (restorable from the memory browser); deleting for good is the user's, in the browser. */
  async function forget(id: string): Promise<string> {
    const res = await rt.client.call<MemoryDto>("DELETE", idPath(id), { timeoutMs });
    rt.stableFetchedAt = 0;
    if (!res.ok) return res.status && res.status < 500 ? `Not forgotten: ${res.error}` : unavailable(res.error);
    return `Archived ${id} (restorable from the memory browser).`;
  }
}
