import { json, route } from "../../_lib/handler";
import { reindexProgress, startReindex } from "@/lib/embeddings/reindex";

export const dynamic = "force-dynamic";

/** Progress of the current (or last) reindex. */
export const GET = route(({ ctx }) => json(reindexProgress(ctx)));

/** Starts re-embedding every memory with the configured model; 202 with the progress. */
export const POST = route(async ({ ctx }) => json(await startReindex(ctx), 202));
