/** HTTP `Authorization` schemes: Basic and Bearer/Token. */
import type { Detector } from "../detector";
import { B64, BEARER, isTag, lower, wordAt, wordBefore } from "../readers/chars";

/**
 * `Authorization: Basic <base64 of user:password>`, the scheme in any case (HTTP's schemes are
 * case-insensitive), also URL-encoded (`Basic%20...`); prose ("Basic usage") does not decode to `x:y`.
 */
export const basicAuth: Detector = {
  kind: "basic_auth",
  anchor: /basic(?:[ \t]+|%20)/gi,
  read(text, at, anchorEnd, push) {
    if (wordBefore(text, at)) return anchorEnd;
    let e = B64.runEnd(text, anchorEnd);
    if (e - anchorEnd < 8) return Math.max(anchorEnd, e);
    while (text.charCodeAt(e) === 61) e++;
    if (wordAt(text, e)) return e;
    const decoded = Buffer.from(text.slice(anchorEnd, e), "base64").toString("utf8");
    if (/^[^\x00-\x1f\x7f\ufffd:]*:[^\x00-\x1f\x7f\ufffd]+$/.test(decoded)) push(anchorEnd, e);
    return e;
  },
};

/**
 * `Bearer <token>` / `Token <token>` (GitHub's `Authorization: token <40 hex>`). HTTP's schemes
 * are case-insensitive: `bearer`, `BEARER`, `token` count after an `Authorization` header name
 * (`authorization: bearer x`, `{"authorization":"token x"}`); elsewhere a `bearer` in another case
 * needs a token with digits and letters, and a `token` in another case is a word of prose.
 */
export const bearer: Detector = {
  kind: "bearer_token",
  anchor: /(?:bearer|token)(?:[ \t]+|%20)/gi,
  read(text, at, anchorEnd, push) {
    if (wordBefore(text, at)) return anchorEnd;
    let e = BEARER.runEnd(text, anchorEnd);
    if (e - anchorEnd < 16) return Math.max(anchorEnd, e);
    while (text.charCodeAt(e) === 61) e++;
    const isBearer = lower(text.charCodeAt(at)) === 98;
    const scheme = text.slice(at, at + (isBearer ? 6 : 5));
    const token = text.slice(anchorEnd, e);
    const ok = scheme === "Bearer" || scheme === "Token" || authorizationBefore(text, at) || (isBearer && /[0-9]/.test(token) && /[A-Za-z]/.test(token));
    if (ok && !isTag(token)) push(anchorEnd, e);
    return e;
  },
};

/** Back from `k` over spaces, quotes and the `]` of `headers['Authorization']`, at most 24 characters before `at`. */
function backOverQuotes(text: string, k: number, at: number): number {
  while (k > 0 && at - k < 24) {
    const c = text.charCodeAt(k - 1);
    if (c === 32 || c === 9 || c === 34 || c === 39 || c === 92 || c === 96 || c === 93) k--;
    else break;
  }
  return k;
}

/** Whether `at` follows an `Authorization` (or `Proxy-Authorization`) header name and its `:`/`=`, quotes allowed. */
function authorizationBefore(text: string, at: number): boolean {
  let k = backOverQuotes(text, at, at);
  const c = text.charCodeAt(k - 1);
  if (c !== 58 && c !== 61) return false;
  k = backOverQuotes(text, k - 1, at);
  const name = "authorization";
  if (k < name.length) return false;
  for (let i = 0; i < name.length; i++) if (lower(text.charCodeAt(k - name.length + i)) !== name.charCodeAt(i)) return false;
  return true;
}
