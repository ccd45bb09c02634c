import { json, route } from "../../_lib/handler";
import { expandCompressedOriginal } from "@/lib/compression";
import { expandHash } from "@/lib/contracts/compress";

/** The original behind `memory_expand("<hash>")`. */
export const GET = route<{ hash: string }>(({ ctx, params }) => json(expandCompressedOriginal(ctx, expandHash.parse(params.hash))));
