import type { Ctx } from "../ctx";

/**
 * The project the user is most likely working in, for the new-memory form's default: the one of
 * the session heard from last, else the one a memory was last written in. Undefined with none.
 */
export function currentProject(ctx: Ctx): string | undefined {
  const one = (q: string) => (ctx.sqlite.prepare(q).get() as { id: string } | undefined)?.id;
  return (
    one("SELECT project_id AS id FROM sessions WHERE project_id IS NOT NULL ORDER BY last_heartbeat_at DESC LIMIT 1") ??
    one("SELECT project_id AS id FROM memories WHERE status = 'active' AND project_id IS NOT NULL ORDER BY updated_at DESC LIMIT 1")
  );
}
