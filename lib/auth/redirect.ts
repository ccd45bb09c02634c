/**
 * Where a login may send the browser: a path on this server only. Anything that a browser could
 * read as another host (`//evil`, `/\evil`, `https://evil`, control characters) becomes "/".
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || next.length > 2000) return "/";
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return "/";
  // Paths that would loop back to the login itself land on the dashboard.
  if (next === "/login" || next.startsWith("/login?") || next.startsWith("/login/")) return "/";
  // A Location header is ASCII: other characters are percent-encoded (a lone surrogate cannot be).
  try {
    return next.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
  } catch {
    return "/";
  }
}
