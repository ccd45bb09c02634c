import { json, parseQuery, route } from "../../_lib/handler";
import { teamAuditQuery } from "@/lib/contracts/team";
import { listAudit } from "@/lib/team/hub/audit";
import { currentHub } from "@/lib/team/hub/state";

export const dynamic = "force-dynamic";

/** The hub's audit log, newest first: who changed what, when. */
export const GET = route(async ({ req }) => json({ entries: await listAudit(await currentHub(), parseQuery(req, teamAuditQuery)) }));
