import { json, route } from "../../_lib/handler";
import { expandCcr } from "@/lib/compression";

/** The original behind `memory_expand("<hash>")`. */
export const GET = route<{ hash: string }>(({ ctx, params }) => json(expandCcr(ctx, params.hash)));
