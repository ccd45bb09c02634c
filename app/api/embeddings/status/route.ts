import { json, route } from "../../_lib/handler";
import { embeddingStatus } from "@/lib/embeddings/status";

export const dynamic = "force-dynamic";

export const GET = route(({ ctx }) => json(embeddingStatus(ctx)));
