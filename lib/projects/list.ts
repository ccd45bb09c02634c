import type { ProjectListDto } from "../contracts/projects";
import type { Ctx } from "../ctx";
import { projectDtos } from "./dto";

/** `GET /api/projects` and the projects page: every project with what it holds and its aliases. */
export function listProjectSummaries(ctx: Ctx): ProjectListDto {
  return { items: projectDtos(ctx.sqlite) };
}
