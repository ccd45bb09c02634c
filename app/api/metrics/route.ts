import { route } from "../_lib/handler";
import { PROMETHEUS_CONTENT_TYPE, renderMetrics } from "@/lib/metrics/prometheus";

export const dynamic = "force-dynamic";

export const GET = route(({ ctx }) => new Response(renderMetrics(ctx), { headers: { "content-type": PROMETHEUS_CONTENT_TYPE } }));
