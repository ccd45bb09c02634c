import { json, route } from "../../../_lib/handler";
import { listVersions } from "@/lib/memories";

export const GET = route<{ id: string }>(({ ctx, params }) => json({ items: listVersions(ctx, params.id) }));
