import { direct, json, parseQuery, route } from "../_lib/handler";
import { healthQuery } from "@/lib/contracts/health";
import { health, publicHealth } from "@/lib/health";
import { currentHub, hubDatabaseUrl } from "@/lib/team/hub/state";
import { LOCAL_ADDRESS_HEADER, proofAddress, serverProof } from "@/lib/security/server-proof";

export const dynamic = "force-dynamic";

/**
 * No token needed to learn that Recollect runs and which version (the CLI and the plugin probe it
 * before they have one); the rest (paths, counts, search and storage state) needs the API token.
 * The route wrapper has checked the token already: `auth` says whether it was presented.
 *
 * With `?challenge=`, the answer also proves that this server knows the token, without showing it:
 * a client checks that before it sends the token, so another program listening on the port first
 * never receives it.
 */
export const GET = direct(
  "GET",
  "/api/health",
  route(
    async ({ req, ctx, auth, server }) => {
      const { challenge } = parseQuery(req, healthQuery);
      // A hub reports its PostgreSQL's state: opened (and migrated) here if nothing opened it yet.
      if (auth.kind === "token" && hubDatabaseUrl()) await currentHub().catch(() => {});
      const body = auth.kind === "token" ? health(ctx, server.startedAt, server.opened.vecVersion) : publicHealth(ctx);
      if (challenge === undefined) return json(body);
      // The address the client reached, as the front gate saw the connection (never the Host header:
      // a relay would set it to whatever the client dialled). `next dev` has no gate: its port.
      const address = req.headers.get(LOCAL_ADDRESS_HEADER) ?? proofAddress("127.0.0.1", process.env.PORT ?? 3000);
      return json({ ...body, address, proof: serverProof(server.token, challenge, address) });
    },
    { duringSlicedWrite: "answer" },
  ),
);
