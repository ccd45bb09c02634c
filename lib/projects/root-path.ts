import { eq } from "drizzle-orm";
import type { Ctx } from "../ctx";
import { projects } from "../db/schema";

/** A known project's root directory on this machine (null for an unknown id or a project seen without one). */
export function projectRootPath(ctx: Ctx, id: string): string | null {
  return ctx.db.select({ rootPath: projects.rootPath }).from(projects).where(eq(projects.id, id)).get()?.rootPath ?? null;
}
