import { NextResponse, type NextRequest } from "next/server";
import { ZodError } from "zod";
import type { Ctx } from "@/lib/ctx";
import { AppError } from "@/lib/errors";
import { readBodyText } from "./read-json";
import { route } from "./handler";

/**
 * The browser's forms without JavaScript (app/api/forms/): a urlencoded POST from the page's own
 * origin (lib/security/guard.ts), parsed into the same contract as the JSON route, the same verb,
 * then a 303 back to a page. A refused input goes back to `back` with `?error=<message>` (the
 * message names the field, never echoes what was typed); anything else fails as the API does.
 */
type FormHandler<P> = (args: { ctx: Ctx; params: P; form: URLSearchParams }) => Promise<string> | string;

export function formRoute<P = Record<string, never>>(back: (params: P) => string, handler: FormHandler<P>) {
  return route<P>(async ({ req, ctx, params }) => {
    const form = new URLSearchParams(await readBodyText(req, ctx.config.server.bodyLimitBytes));
    try {
      return seeOther(await handler({ ctx, params, form }));
    } catch (error) {
      const message = refusal(error);
      if (message === undefined) throw error;
      return seeOther(withQuery(back(params), { error: message.slice(0, 300) }));
    }
  });
}

function refusal(error: unknown): string | undefined {
  if (error instanceof ZodError) {
    const first = error.issues[0];
    return `${first?.path.join(".") || "form"}: ${first?.message ?? "invalid"}`;
  }
  if (error instanceof AppError && error.code !== "internal") return error.message;
  return undefined;
}

/** `path` with `params` added to its query. */
export function withQuery(path: string, params: Record<string, string>): string {
  const url = new URL(path, "http://x");
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A relative Location: the browser stays on the origin it used. */
export const seeOther = (location: string) => new NextResponse(null, { status: 303, headers: { location, "cache-control": "no-store" } });

/** The page a form came from, by its Referer (the guard has checked the origin is this server's). */
export function refererPath(req: NextRequest): string {
  try {
    const url = new URL(req.headers.get("referer") ?? "/");
    return `${url.pathname}${url.search}`;
  } catch {
    return "/";
  }
}

/** A form's list of comma-separated tags, as the JSON form sends them. */
export const formTags = (v: string | null) =>
  (v ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);

/** The fields the new-memory form and a memory's Save share, as their JSON contracts read them. */
export function memoryFormFields(form: URLSearchParams) {
  return {
    content: form.get("content") ?? "",
    title: form.get("title")?.trim() || null,
    category: form.get("category") ?? undefined,
    tags: formTags(form.get("tags")),
    pinned: form.has("pinned"),
    priority: Number(form.get("priority") ?? 0),
  };
}
