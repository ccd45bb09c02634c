import { z } from "zod";
import { notFound } from "@/lib/errors";
import { bulkMemories } from "@/lib/memories/bulk";
import { formRoute } from "../../../../_lib/form";

type P = { id: string };
const action = z.enum(["archive", "restore"]);

/** Archive or restore one memory without JavaScript (the bulk verb, as the page's buttons use). */
export const POST = formRoute<P>(
  ({ id }) => `/memories/${encodeURIComponent(id)}`,
  ({ ctx, params, form }) => {
    const done = action.parse(form.get("action"));
    if (bulkMemories(ctx, { ids: [params.id], action: done, source: "ui" }).notFound.length) throw notFound(`memory ${params.id} not found`);
    return `/memories/${encodeURIComponent(params.id)}?${done === "archive" ? "archived" : "restored"}=1`;
  },
);
