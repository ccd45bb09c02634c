import { updateMemoryInput } from "@/lib/contracts/memories";
import { updateMemory } from "@/lib/memories";
import { formRoute, memoryFormFields } from "../../../_lib/form";

type P = { id: string };

/**
 * A memory's Save without JavaScript: the same contract and verb as `PATCH /api/memories/:id`,
 * with the `updatedAt` the page was rendered with (a newer save by someone else -> back with the
 * 409's message, nothing overwritten).
 */
export const POST = formRoute<P>(
  ({ id }) => `/memories/${encodeURIComponent(id)}`,
  ({ ctx, params, form }) => {
    const input = updateMemoryInput.parse({
      ...memoryFormFields(form),
      status: form.get("status") ?? undefined,
      source: "ui",
      expectedUpdatedAt: form.get("expectedUpdatedAt") || undefined,
    });
    updateMemory(ctx, params.id, input);
    return `/memories/${encodeURIComponent(params.id)}?saved=1`;
  },
);
