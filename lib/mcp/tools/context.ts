import { z } from "zod";
import { createMemoryInput, listMemoriesQuery } from "../../contracts/memories";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { memoryFields } from "../../contracts/memories";
import { endSessionInput } from "../../contracts/sessions";
import type { Ctx } from "../../ctx";
import { badRequest } from "../../errors";
import { getMemory, linkMemories, listMemories, storeMemory, toMemoryDto, updateMemory } from "../../memories";
import { bootContext } from "../boot-context";
import { formatMemories, formatMemory } from "../format";
import { projectRef, projectRoot, type ToolCaller } from "../project";
import { cachedTrackerItem, enrichEntity, entityOf, formatTrackerItem, trackerRefFor } from "../../enrichment";
import { guarded, toolResult } from "../result";
import { memoryId, projectArg } from "./memories";

/** Context tools: an entity's memories, the boot context, session logs, blockers. */

export const entityRef = z.string().trim().min(1).max(2000).describe("#123, !45, &7, owner/repo#123, an issue or merge request URL, or a file path");

export function registerContextTools(server: McpServer, ctx: Ctx, caller: ToolCaller) {
  server.registerTool(
    "get_context",
    {
      description: "Every memory about an issue (#123, owner/repo#123), merge request (!45), epic (&7), URL or file path, any status.",
      inputSchema: { entity_ref: entityRef, project: projectArg, compact: z.boolean().optional() },
      annotations: { readOnlyHint: true },
    },
    (a) =>
      guarded(async () => {
        const { items } = listMemories(ctx, listMemoriesQuery.parse({ entity: a.entity_ref, status: "all", limit: 100 }));
        // Tracker metadata from the cache only: fetching is enrich_entity's (or the background's) job.
        const entity = entityOf(a.entity_ref);
        const ref = entity ? await trackerRefFor(ctx, entity, projectRoot(ctx, a.project, caller)) : null;
        const tracker = ref ? cachedTrackerItem(ctx, ref.key) : null;
        const head = ref
          ? `${ref.key}: ${tracker?.item ? formatTrackerItem(tracker.item) : (tracker?.error ?? "no tracker metadata yet (enrich_entity fetches it)")}\n\n`
          : "";
        return toolResult(head + formatMemories(items, a.compact, `No memories about ${a.entity_ref}.`), {
          entity: a.entity_ref,
          tracker: ref ? { ref: ref.key, item: tracker?.item ?? null } : null,
          memories: items,
        });
      }),
  );

  server.registerTool(
    "get_boot_context",
    {
      description:
        "Call once at the start of a session: identity, pinned constraints, open blockers, active sessions and claims, most recalled memories, recent decisions, latest checkpoint.",
      inputSchema: { project: projectArg },
      annotations: { readOnlyHint: true },
    },
    (a) =>
      guarded(async () => {
        const boot = await bootContext(ctx, projectRef(a.project, caller));
        return toolResult(boot.text, boot);
      }),
  );

  server.registerTool(
    "log_session",
    {
      description: "At the end of a piece of work: store a summary of the session and each learning as memories (linked to the summary).",
      inputSchema: {
        summary: endSessionInput.shape.summary.unwrap().min(1),
        learnings: z.array(memoryFields.content).max(50).optional(),
        entities: z.array(z.string().min(1).max(500)).max(50).optional(),
        project: projectArg,
      },
    },
    (a) =>
      guarded(async () => {
        const ref = projectRef(a.project, caller);
        const entities = a.entities?.length ? `\nEntities: ${a.entities.join(", ")}` : "";
        const summary = await storeMemory(
          ctx,
          createMemoryInput.parse({ ...ref, content: `Session summary: ${a.summary}${entities}`, category: "event", source: "tool", tags: ["session-log"] }),
        );
        const learned = [];
        for (const text of a.learnings ?? []) {
          const m = await storeMemory(ctx, createMemoryInput.parse({ ...ref, content: text, category: "fact", source: "tool", tags: ["session-log"] }));
          if (m.memory.id !== summary.memory.id) linkMemories(ctx, m.memory.id, summary.memory.id, "derived_from");
          learned.push(m.memory);
        }
        const text = [`Logged:\n${formatMemory(summary.memory, true)}`, ...learned.map((m) => formatMemory(m, true))].join("\n");
        return toolResult(text, { summary: summary.memory, learnings: learned });
      }),
  );

  server.registerTool(
    "enrich_entity",
    {
      description:
        "Fetch an issue's, merge request's or epic's title, state, labels, assignees and milestone from GitHub or GitLab now (cached; needs GITHUB_TOKEN / GITLAB_TOKEN on the server).",
      inputSchema: { entity_ref: entityRef, project: projectArg, refresh: z.boolean().optional().describe("fetch even when the cached copy is fresh") },
    },
    (a) =>
      guarded(async () => {
        const out = await enrichEntity(ctx, a.entity_ref, projectRoot(ctx, a.project, caller), { force: a.refresh });
        const cached = "cached" in out ? out.cached : null;
        const line = cached?.item ? formatTrackerItem(cached.item) : (cached?.error ?? null);
        const text =
          out.status === "not_a_tracker_item"
            ? `${a.entity_ref} is not an issue, merge request or epic of a known GitHub or GitLab project (short refs need a project whose origin is on one).`
            : out.status === "no_token" || out.status === "disabled"
              ? `Enrichment is ${out.status === "disabled" ? "disabled" : "off: no token for this tracker (GITHUB_TOKEN / GITLAB_TOKEN)"}.`
              : `${out.ref}: ${line ?? "no metadata"}${"message" in out ? ` (${out.status}: ${out.message})` : ""}`;
        return toolResult(text, { status: out.status, ref: out.ref, item: cached?.item ?? null });
      }),
  );

  const blockerTool = (name: "resolve_blocker" | "unresolve_blocker", status: "resolved" | "active", description: string) =>
    server.registerTool(name, { description, inputSchema: { id: memoryId, note: z.string().max(500).optional() } }, (a) =>
      guarded(() => {
        const current = toMemoryDto(getMemory(ctx, a.id));
        if (current.category !== "blocker") throw badRequest(`memory ${a.id} is a ${current.category}, not a blocker`, { field: "id" });
        const memory = updateMemory(ctx, a.id, { status, source: "tool", reason: a.note ?? (status === "resolved" ? "resolved" : "unresolved") });
        return toolResult(`${status === "resolved" ? "Resolved" : "Reopened"}:\n${formatMemory(memory, true)}`, { memory });
      }),
    );
  blockerTool("resolve_blocker", "resolved", "Mark a blocker memory resolved (it leaves the boot context; search_history still finds it).");
  blockerTool("unresolve_blocker", "active", "Reopen a resolved blocker.");
}
