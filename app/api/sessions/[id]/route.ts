import { json, route } from "../../_lib/handler";
import { getSession } from "@/lib/sessions";

export const GET = route<{ id: string }>(({ ctx, params }) => json(getSession(ctx, params.id)));
