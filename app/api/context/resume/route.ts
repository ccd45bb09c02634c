import { json, queryObject, route } from "../../_lib/handler";
import { resumeContext } from "@/lib/injection/resume";

export const GET = route(({ req, ctx }) => json(resumeContext(ctx, queryObject(req) as never)));
