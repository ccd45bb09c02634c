import { forgetReauthGrant, REAUTH_HEADER, reauthenticate, reauthGrant } from "./reauth";

/**
 * Same-origin calls to the API from client components. The HttpOnly cookie set on page loads
 * authorizes them; the token itself never reaches the browser. A power a cookie alone may not use
 * (a 403 `reauth_required`) asks for the API token once in a modal and is sent again (./reauth.ts).
 */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly details: unknown,
  ) {
    super(message);
  }
  /** Field -> message, from a 400's zod issues (`details: [{ path, message }]`). */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    if (Array.isArray(this.details)) {
      for (const d of this.details as { path?: string; message?: string }[])
        if (d.path && !out[d.path.split(".")[0]]) out[d.path.split(".")[0]] = d.message ?? "invalid";
    } else if (this.details && typeof this.details === "object" && "field" in this.details) {
      out[String((this.details as { field: unknown }).field)] = this.message;
    }
    return out;
  }
}

type ApiInit = { method?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> };

export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  try {
    return await call<T>(path, init);
  } catch (error) {
    if (!(error instanceof ApiFailure) || error.code !== "reauth_required" || typeof document === "undefined") throw error;
    forgetReauthGrant();
    if (!(await reauthenticate("This runs code or reads files on this machine"))) {
      throw new ApiFailure("Not done: this needs the API token (cancelled). The CLI can do it too.", error.status, error.code, null);
    }
    return call<T>(path, init);
  }
}

async function call<T>(path: string, init: ApiInit): Promise<T> {
  let res: Response;
  try {
    const method = init.method ?? (init.json !== undefined || init.body !== undefined ? "POST" : "GET");
    // The server's guard asks every browser write for a JSON content type, a body-less DELETE too.
    const jsonType = init.json !== undefined || (method !== "GET" && init.body === undefined);
    res = await fetch(path, {
      method,
      headers: { ...(jsonType ? { "content-type": "application/json" } : {}), ...grantHeader(), ...init.headers },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      credentials: "same-origin",
    });
  } catch {
    throw new ApiFailure("The server did not answer. Is Recollect still running?", 0, "network", null);
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  if (!res.ok) {
    const e = (body as { error?: { message?: string; code?: string; details?: unknown } } | null)?.error;
    throw new ApiFailure(e?.message ?? `request failed (${res.status})`, res.status, e?.code ?? "error", e?.details ?? null);
  }
  return body as T;
}

function grantHeader(): Record<string, string> {
  const grant = typeof sessionStorage === "undefined" ? undefined : reauthGrant();
  return grant ? { [REAUTH_HEADER]: grant } : {};
}

/** Saves a string as a file through a temporary link (used for exports of a selection). */
export function saveFile(content: BlobPart, filename: string, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
