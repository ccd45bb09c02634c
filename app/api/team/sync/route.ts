import { json, route } from "../../_lib/handler";
import { syncWithHub } from "@/lib/team/sync";

/** One sync round now (the background runs them every few seconds): `recollect team sync`. */
export const POST = route(async ({ ctx }) => json(await syncWithHub(ctx)));
