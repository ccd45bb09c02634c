import crypto from "node:crypto";
import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { withTransaction } from "../db/transaction";
import { hubWhoAmI } from "./hub-client";

/**
 * Joins a hub: checks the token with the hub first (a wrong URL or token fails here, not later in
 * the background), then keeps the link. Joining again replaces the URL and token; the shared
 * projects and their cursors stay.
 */
export async function joinHub(ctx: Ctx, input: { url: string; token: string }): Promise<{ url: string; name: string; team: string; projects: string[] }> {
  const me = await hubWhoAmI(input);
  withTransaction(
    ctx.db,
    () => {
      prepared(
        ctx.sqlite,
        `INSERT INTO team_hub (id, machine_id, url, token) VALUES (1, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET url = excluded.url, token = excluded.token, last_error = NULL`,
      ).run(crypto.randomUUID(), input.url, input.token);
    },
    "immediate",
  );
  return { url: input.url, ...me };
}
