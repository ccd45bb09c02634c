import { tool } from "@opencode-ai/plugin/tool";
import type { ExpandResult } from "../../lib/contracts/compress";
import type { CreateMemoryResult, DedupOutcome, MemoryDto } from "../../lib/contracts/memories";
import type { SearchOutput } from "../../lib/contracts/search";
// Pure constants, no dependencies: the plugin shares the server's vocabulary instead of a copy.
import { CATEGORIES, MEMORY_LIMITS, SCOPES } from "../../lib/vocabulary";
import type { Runtime } from "../runtime";
import { memoryLine, unavailable } from "./format";

/**
 * The memory tools. Descriptions are short on purpose: they are sent with every request.
 * Errors come back as text for the model, never as exceptions.
 */
const z = tool.schema;

export function memoryTools(rt: Runtime) {
  const timeoutMs = rt.settings.toolTimeoutMs;
  const idPath = (id: string) => `/api/memories/${encodeURIComponent(id)}`;

  return {
    memory_search: tool({
      description: "Search long-term memory (decisions, constraints, gotchas, past fixes).",
      args: {
        query: z.string().describe("what to look for"),
        limit: z.number().int().min(1).max(50).optional(),
        category: z.enum(CATEGORIES).optional(),
      },
      async execute(args, ctx) {
        const res = await rt.client.post<SearchOutput>(
          "/api/search",
          {
            directory: ctx.directory || rt.directory,
            query: args.query,
            limit: args.limit ?? 8,
            ...(args.category ? { categories: [args.category] } : {}),
            sessionId: ctx.sessionID,
            tokenBudget: 1500,
          },
          { timeoutMs },
        );
        if (!res.ok) return unavailable(res.error);
        const results = res.data.results ?? [];
        if (!results.length) return `No memory matches "${args.query}".`;
        return results.map((r) => memoryLine(r)).join("\n");
      },
    }),

    memory_store: tool({
      description: "Store a durable memory (a decision, constraint, convention, gotcha...). One fact per call.",
      args: {
        content: z.string().describe("the fact, self-contained"),
        category: z.enum(CATEGORIES).optional(),
        scope: z.enum(SCOPES).optional().describe("default project"),
        tags: z.array(z.string()).optional(),
        pinned: z.boolean().optional().describe("always inject (rules that must always apply)"),
        title: z.string().optional(),
      },
      async execute(args, ctx) {
        const scope = args.scope ?? "project";
        const res = await rt.client.post<MemoryDto & Pick<CreateMemoryResult, "deduplicated"> & { dedup?: DedupOutcome | null }>(
          "/api/memories",
          {
            content: args.content,
            category: args.category ?? "note",
            scope,
            ...(scope !== "global" ? { directory: ctx.directory || rt.directory } : {}),
            ...(scope === "session" ? { sessionId: ctx.sessionID } : {}),
            tags: args.tags ?? [],
            pinned: args.pinned ?? false,
            ...(args.title ? { title: args.title } : {}),
            source: "tool",
            metadata: { sessionID: ctx.sessionID },
          },
          { timeoutMs },
        );
        if (!res.ok) return res.status && res.status < 500 ? `Not stored: ${res.error}` : unavailable(res.error);
        if (res.data.pinned) rt.stableFetchedAt = 0; // the next turn's stable block shows it
        const m = res.data;
        const stored = `Stored ${m.id} (${m.category}, ${m.scope}${m.pinned ? ", pinned" : ""}).`;
        const d = m.dedup;
        const how = d && (d.cosine === null ? `words ${d.lexical}` : `cosine ${d.cosine}, words ${d.lexical}`);
        if (d?.kind === "near") return `Merged into ${m.id}, a near duplicate (${how}): your text is kept as version ${d.version} of it.`;
        if (d?.kind === "similar") return `${stored} Similar to ${d.memoryId} (${how}): linked and proposed as a merge for review.`;
        return res.data.deduplicated ? `Already remembered as ${m.id}.` : stored;
      },
    }),

    memory_edit: tool({
      description: "Change a stored memory by id.",
      args: {
        id: z.string(),
        content: z.string().optional(),
        title: z.string().optional(),
        category: z.enum(CATEGORIES).optional(),
        tags: z.array(z.string()).optional(),
        pinned: z.boolean().optional(),
        priority: z.number().int().min(MEMORY_LIMITS.priorityMin).max(MEMORY_LIMITS.priorityMax).optional(),
      },
      async execute({ id, ...changes }) {
        const body = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
        if (!Object.keys(body).length) return "Nothing to change: give content, title, category, tags, pinned or priority.";
        const res = await rt.client.call<MemoryDto>("PATCH", idPath(id), { body: { ...body, source: "tool" }, timeoutMs });
        rt.stableFetchedAt = 0; // an edit may change what the stable block shows
        if (!res.ok) return res.status && res.status < 500 ? `Not changed: ${res.error}` : unavailable(res.error);
        return `Updated:\n${memoryLine(res.data)}`;
      },
    }),

    memory_forget: tool({
      description: 'Archive a memory by id (restorable). Permanent deletion needs permanent=true and confirm="DELETE".',
      args: {
        id: z.string(),
        permanent: z.boolean().optional(),
        confirm: z.string().optional(),
      },
      async execute({ id, permanent, confirm }) {
        if (permanent && confirm !== "DELETE") {
          return 'Not deleted. Permanent deletion cannot be undone: ask the user, then call again with confirm="DELETE" (or omit permanent to archive).';
        }
        const res = await rt.client.call<MemoryDto>("DELETE", idPath(id), { query: permanent ? { permanent: "true" } : {}, timeoutMs });
        rt.stableFetchedAt = 0;
        if (!res.ok) return res.status && res.status < 500 ? `Not forgotten: ${res.error}` : unavailable(res.error);
        return permanent ? `Deleted ${id} permanently.` : `Archived ${id} (restorable from the memory browser).`;
      },
    }),

    memory_expand: tool({
      description: "Show the original content behind a compression hash.",
      args: { hash: z.string().describe("the hash named in the compressed text") },
      async execute({ hash }) {
        const clean = hash
          .trim()
          .replace(/^["'#]+|["']+$/g, "")
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
}
