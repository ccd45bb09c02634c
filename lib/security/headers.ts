/**
 * Security headers. Pages get a nonce-based CSP (set per request by proxy.ts; Next.js puts the
 * nonce on its own scripts): scripts run only from this origin or with the nonce. Styles allow
 * 'unsafe-inline' because React renders `style` attributes (charts, progress bars) that a nonce
 * cannot cover; style injection cannot run code. No page may be framed (clickjacking).
 */
export function pageCsp(nonce: string, dev = process.env.NODE_ENV === "development"): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** For everything but the pages' CSP: API answers, static files, redirects. */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
};

/** API answers are data, never documents: nothing in them may load or run. */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON_SECURITY_HEADERS,
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
};

/** Sets `headers` on a response, copying it first when its headers are immutable (Response.redirect). */
export function withHeaders(res: Response, headers: Readonly<Record<string, string>>): Response {
  try {
    for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
    return res;
  } catch {
    const copy = new Response(res.body, res);
    for (const [k, v] of Object.entries(headers)) copy.headers.set(k, v);
    return copy;
  }
}
