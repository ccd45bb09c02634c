import { and, eq, inArray, lt } from "drizzle-orm";
import { createMemoryInput } from "../../contracts/memories";
import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { memoryFields, MAX_ID_CHARS, updateMemoryInput } from "../../contracts/memories";
import { searchInput, type SearchResult } from "../../contracts/search";
import type { Ctx } from "../../ctx";
import { memories } from "../../db/schema";
import { CATEGORIES, LINK_KINDS, SCOPES, STATUSES } from "../../vocabulary";
import { badRequest } from "../../errors";
import { getMemory, listLinks, removeMemory, storeMemory, toMemoryDto, updateMemory } from "../../memories";
import { batchedAccess } from "../../search/access-buffer";
import { type SearchOptions, searchMemories } from "../../search/search";
import { formatMemories, formatMemory } from "../format";
import { trackerNote } from "../trackers";
import { projectRef, type ToolCaller } from "../project";
import { guarded, toolResult } from "../result";

/** The memory tools: recall, remember, edit, archive, delete, bulk archive, history, links. */

export const memoryId = z.string().min(1).max(MAX_ID_CHARS).describe("a memory id, as shown in brackets in results");
export const projectArg = z
  .string()
  .min(1)
  .max(4096)
  .optional()
  .describe("an absolute project directory or a project id; default: the caller's directory, else global only");
const compactArg = z.boolean().optional().describe("one line per memory");
const MAX_BULK = 5000;

export function registerMemoryTools(server: McpServer, ctx: Ctx, caller: ToolCaller) {
  /** recall and search_history: the same search, over live memories or over every status. */
  const searchTool = async (
    args: { query: string; limit?: number; category?: (typeof CATEGORIES)[number]; project?: string; compact?: boolean },
    extra: { purpose?: "recall"; statuses?: (typeof STATUSES)[number][] },
    options?: SearchOptions,
  ) => {
    const input = searchInput.parse({
      query: args.query,
      limit: args.limit,
      categories: args.category ? [args.category] : undefined,
      ...extra,
      ...projectRef(args.project, caller),
    });
    const out = await searchMemories(ctx, input, options);
    return toolResult(withTrackers(out.results, args.compact), { results: out.results, mode: out.mode });
  };

  server.registerTool(
    "recall",
    {
      description: "Search memories (hybrid lexical + semantic) for what is known about a topic. Use before starting work on something.",
      inputSchema: {
        query: searchInput.shape.query,
        limit: searchInput.shape.limit,
        project: projectArg,
        category: z.enum(CATEGORIES).optional(),
        compact: compactArg,
      },
      annotations: { readOnlyHint: true },
    },
    (args) => guarded(() => searchTool(args, { purpose: "recall" }, { defer: batchedAccess(ctx) })),
  );

  server.registerTool(
    "remember",
    {
      description:
        "Store a memory: a decision, constraint, convention, gotcha, fact, blocker... `what`/`why`/`learned` add structure; entities (#123, owner/repo#4, file paths) are indexed. Duplicates are folded into the existing memory.",
      inputSchema: {
        content: memoryFields.content,
        category: memoryFields.category,
        what: z.string().max(2000).optional(),
        why: z.string().max(2000).optional(),
        learned: z.string().max(2000).optional(),
        entities: z.array(z.string().min(1).max(500)).max(50).optional(),
        project: projectArg,
        scope: z.enum(SCOPES).optional(),
        tags: memoryFields.tags.optional(),
        pinned: z.boolean().optional(),
      },
    },
    (args) =>
      guarded(async () => {
        const parts = [args.content];
        if (args.what) parts.push(`What: ${args.what}`);
        if (args.why) parts.push(`Why: ${args.why}`);
        if (args.learned) parts.push(`Learned: ${args.learned}`);
        if (args.entities?.length) parts.push(`Entities: ${args.entities.join(", ")}`);
        // A global memory needs no project: the caller's directory only places project-scoped ones.
        const ref = args.scope === "global" ? {} : projectRef(args.project, caller);
        const created = await storeMemory(
          ctx,
          createMemoryInput.parse({
            ...ref,
            content: parts.join("\n"),
            category: args.category,
            scope: args.scope,
            tags: args.tags ?? [],
            pinned: args.pinned ?? false,
            source: "tool",
          }),
        );
        const verb = created.deduplicated ? `Already known (folded into ${created.memory.id})` : "Remembered";
        return toolResult(`${verb}:\n${formatMemory(created.memory)}`, { memory: created.memory, deduplicated: created.deduplicated });
      }),
  );

  server.registerTool(
    "edit_memory",
    {
      description: "Change a memory's content, title, category, tags, pinned flag or priority; the old text is kept as a version.",
      inputSchema: {
        id: memoryId,
        content: memoryFields.content.optional(),
        title: memoryFields.title,
        category: memoryFields.category.optional(),
        tags: memoryFields.tags.optional(),
        pinned: memoryFields.pinned.optional(),
        priority: memoryFields.priority.optional(),
        reason: updateMemoryInput.shape.reason,
      },
    },
    ({ id, ...change }) =>
      guarded(() => {
        const memory = updateMemory(ctx, id, { ...change, source: "tool" });
        return toolResult(`Updated:\n${formatMemory(memory)}`, { memory });
      }),
  );

  server.registerTool(
    "archive_memory",
    {
      description: "Archive a memory that is outdated or wrong: it stops being recalled but stays in search_history and can be restored.",
      inputSchema: { id: memoryId, reason: z.string().max(500).optional() },
    },
    ({ id, reason }) =>
      guarded(() => {
        const memory = updateMemory(ctx, id, { status: "archived", source: "tool", reason: reason ?? "archived" });
        return toolResult(`Archived:\n${formatMemory(memory, true)}`, { memory });
      }),
  );

  server.registerTool(
    "delete_memory",
    {
      description: "Delete a memory. Without `permanent` it is archived (restorable); `permanent: true` deletes it for good and needs `confirm: true`.",
      inputSchema: { id: memoryId, permanent: z.boolean().optional(), confirm: z.boolean().optional() },
      annotations: { destructiveHint: true },
    },
    ({ id, permanent, confirm }) =>
      guarded(() => {
        if (!permanent) {
          const memory = updateMemory(ctx, id, { status: "archived", source: "tool", reason: "deleted (archived)" });
          return toolResult(`Archived (not deleted; pass permanent and confirm to delete for good):\n${formatMemory(memory, true)}`, {
            memory,
            removed: false,
          });
        }
        if (confirm !== true) throw badRequest("a permanent delete needs confirm: true", { field: "confirm" });
        const removed = removeMemory(ctx, id);
        return toolResult(`Deleted ${id} permanently.`, removed);
      }),
  );

  server.registerTool(
    "bulk_archive",
    {
      description: "Archive many memories at once: by ids, or by category and/or age (older_than_days). Give a reason.",
      inputSchema: {
        ids: z.array(memoryId).min(1).max(MAX_BULK).optional(),
        category: z.enum(CATEGORIES).optional(),
        older_than_days: z.number().int().min(1).max(36_500).optional(),
        project: projectArg,
        reason: z.string().trim().min(1).max(500),
      },
      annotations: { destructiveHint: true },
    },
    (args) =>
      guarded(() => {
        if (!args.ids && !args.category && !args.older_than_days) throw badRequest("give ids, category or older_than_days", { field: "ids" });
        const ids = args.ids ?? selectForArchive(ctx, args.category, args.older_than_days);
        const archived: string[] = [];
        const notFound: string[] = [];
        // One transaction: all of them or none; each keeps the reason in its version history.
        ctx.sqlite
          .transaction(() => {
            for (const id of ids) {
              const row = ctx.db.select({ status: memories.status }).from(memories).where(eq(memories.id, id)).get();
              if (!row) notFound.push(id);
              else if (row.status !== "archived") {
                updateMemory(ctx, id, { status: "archived", source: "tool", reason: args.reason });
                archived.push(id);
              }
            }
          })
          .immediate();
        return toolResult(`Archived ${archived.length} memories${notFound.length ? `; not found: ${notFound.join(", ")}` : ""}.`, { archived, notFound });
      }),
  );

  server.registerTool(
    "search_history",
    {
      description: "Search every memory including archived and resolved ones (what was decided before, what was tried and dropped).",
      inputSchema: {
        query: searchInput.shape.query,
        category: z.enum(CATEGORIES).optional(),
        limit: searchInput.shape.limit,
        project: projectArg,
        compact: compactArg,
      },
      annotations: { readOnlyHint: true },
    },
    (args) => guarded(() => searchTool(args, { statuses: [...STATUSES] })),
  );

  server.registerTool(
    "get_linked_memories",
    {
      description: "The memories linked to one (relates, supersedes, contradicts, derived_from).",
      inputSchema: { memory_id: memoryId, link_types: z.array(z.enum(LINK_KINDS)).min(1).max(LINK_KINDS.length).optional(), compact: compactArg },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      guarded(() => {
        getMemory(ctx, args.memory_id);
        const links = listLinks(ctx, args.memory_id).filter((l) => !args.link_types || args.link_types.includes(l.kind));
        const linked = links.map((l) => {
          const otherId = l.from === args.memory_id ? l.to : l.from;
          return { kind: l.kind, direction: l.from === args.memory_id ? "out" : "in", memory: toMemoryDto(getMemory(ctx, otherId)) };
        });
        const text = linked.length
          ? linked.map((l) => `${l.direction === "out" ? "→" : "←"} ${l.kind} ${formatMemory(l.memory, args.compact)}`).join(args.compact ? "\n" : "\n\n")
          : "No linked memories.";
        return toolResult(text, { links: linked });
      }),
  );
}

/** Live memories of a category and/or older than some days (at most MAX_BULK, oldest first). */
function selectForArchive(ctx: Ctx, category?: (typeof CATEGORIES)[number], olderThanDays?: number): string[] {
  const where = [inArray(memories.status, ["active", "suggested"])];
  if (category) where.push(eq(memories.category, category));
  if (olderThanDays) where.push(lt(memories.updatedAt, Date.now() - olderThanDays * 86_400_000));
  return ctx.db
    .select({ id: memories.id })
    .from(memories)
    .where(and(...where))
    .orderBy(memories.createdAt)
    .limit(MAX_BULK)
    .all()
    .map((r) => r.id);
}

/** Search results as text, each with the tracker state of the issues it mentions (when fetched). */
function withTrackers(results: SearchResult[], compact?: boolean): string {
  if (results.length === 0) return formatMemories(results, compact);
  return results
    .map((r) => {
      const text = formatMemory(r, compact);
      const note = trackerNote(r.trackers);
      if (!note) return text;
      const nl = text.indexOf(compact ? ": " : "\n");
      return text.slice(0, nl) + note + text.slice(nl);
    })
    .join(compact ? "\n" : "\n\n");
}
