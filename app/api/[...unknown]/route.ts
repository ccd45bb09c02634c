import { route } from "../_lib/handler";
import { notFound } from "@/lib/errors";

export const dynamic = "force-dynamic";

/**
 * Any /api path no route serves: the API's JSON 404 (with its security headers), after the same
 * Host, Origin and token checks as every route, instead of Next.js's HTML page.
 */
const unknown = route<{ unknown: string[] }>(({ req }) => {
  throw notFound(`no API route at ${new URL(req.url).pathname.slice(0, 200)}: see docs/api.md`);
});

export const GET = unknown;
export const HEAD = unknown;
export const POST = unknown;
export const PUT = unknown;
export const PATCH = unknown;
export const DELETE = unknown;
