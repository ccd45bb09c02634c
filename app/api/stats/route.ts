import { json, route } from "../_lib/handler";
import { getStats } from "@/lib/metrics/stats";

export const dynamic = "force-dynamic";

export const GET = route(({ ctx }) => json(getStats(ctx)));
