import { createMemoryInput } from "@/lib/contracts/memories";
import { storeMemory } from "@/lib/memories";
import { formRoute, memoryFormFields } from "../../_lib/form";

/** The new-memory form without JavaScript: the same contract and verb as `POST /api/memories`. */
export const POST = formRoute(
  () => "/memories/new",
  async ({ ctx, form }) => {
    const scope = form.get("scope") ?? "global";
    const input = createMemoryInput.parse({
      ...memoryFormFields(form),
      status: form.get("status") === "suggested" ? "suggested" : "active",
      scope,
      ...(scope !== "global" && form.get("project") ? { project: form.get("project") } : {}),
      ...(scope === "session" ? { sessionId: form.get("sessionId")?.trim() } : {}),
      source: "ui",
    });
    const { memory, deduplicated } = await storeMemory(ctx, input);
    return `/memories/${encodeURIComponent(memory.id)}?${deduplicated ? "duplicate" : "created"}=1`;
  },
);
