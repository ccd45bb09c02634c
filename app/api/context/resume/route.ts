import { json, parseQuery, route } from "../../_lib/handler";
import { resumeQuery } from "@/lib/contracts/checkpoints";
import { resumeContext } from "@/lib/injection/resume";

export const GET = route(({ req, ctx }) => json(resumeContext(ctx, parseQuery(req, resumeQuery))));
