import { json, route } from "../_lib/handler";
import { listProjectSummaries } from "@/lib/projects/list";

/** Every project with its counts and aliases, by name. */
export const GET = route(({ ctx }) => json(listProjectSummaries(ctx)));
