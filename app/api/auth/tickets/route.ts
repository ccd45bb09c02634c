import { json, parseBody, route } from "../../_lib/handler";
import { loginTicketInput, type LoginTicket } from "@/lib/contracts/auth";
import { createLoginTicket } from "@/lib/auth/login-tickets";
import { safeNextPath } from "@/lib/auth/redirect";
import { browserOriginFor } from "@/lib/security/browser-host";

/**
 * `POST /api/auth/tickets` (API token only, see lib/security/guard.ts): a one-time login link for
 * the browser, `recollect open`. The body (`{ next }`) is optional.
 */
export const POST = route(async ({ req, ctx }) => {
  const hasBody = Number(req.headers.get("content-length") ?? 0) > 0 || req.headers.has("transfer-encoding");
  const input = hasBody ? await parseBody(req, loginTicketInput, 4096) : loginTicketInput.parse({});
  const { ticket, expiresAt } = createLoginTicket(ctx);
  const next = safeNextPath(input.next);
  const path = `/login?ticket=${encodeURIComponent(ticket)}${next === "/" ? "" : `&next=${encodeURIComponent(next)}`}`;
  // On the browser's own origin: a cookie set on 127.0.0.1 would go to every local port.
  const host = req.headers.get("host");
  const body: LoginTicket = { path, url: `${browserOriginFor(host) ?? `http://${host}`}${path}`, expiresAt: new Date(expiresAt).toISOString() };
  return json(body, 201, { "cache-control": "no-store" });
});
