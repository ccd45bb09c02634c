import type { Detector } from "../detector";
import { AUTHORITY_END, B64URL, SCHEME, USERINFO_END, isTag } from "../readers/chars";

/** `scheme://user:password@host` (the user may be empty: `redis://:pw@host`); the last `@` ends the password. */
export const urlPassword: Detector = {
  kind: "url_password",
  anchor: /:\/\//g,
  read(text, at, anchorEnd, push, quotes) {
    if (at === 0 || !SCHEME.has(text.charCodeAt(at - 1))) return anchorEnd;
    let colon = -1;
    let lastAt = -1;
    let p = anchorEnd;
    const n = text.length;
    for (; p < n; p++) {
      const c = text.charCodeAt(p);
      if (AUTHORITY_END.has(c)) break;
      if (c === 64) lastAt = p;
      else if (c === 58 && colon < 0) colon = p;
    }
    if (colon >= 0 && lastAt < 0 && text.charCodeAt(p) === 47) {
      // A password may hold a `/` (an AWS secret key: `s3://AKIA...:wJal/rXUt@bucket/key`): the
      // authority then ends at the `@` met before any white space, quote, `?` or `#`, when what
      // stood before the first `/` was no port (`host:8080/@scope`).
      const found = quotes.nextIn(text, p, USERINFO_END);
      if (text.charCodeAt(found) === 64 && found - colon <= 256 && !/^[\d.]*$/.test(text.slice(colon + 1, p)) && B64URL.has(text.charCodeAt(found + 1))) {
        if (!isTag(text.slice(colon + 1, found))) push(colon + 1, found);
        return found + 1;
      }
    }
    if (colon >= 0 && lastAt > colon + 1 && !isTag(text.slice(colon + 1, lastAt))) push(colon + 1, lastAt);
    // `host?u=https://...`: the `:` of a nested `://` is the authority's last character.
    return text.charCodeAt(p - 1) === 58 ? p - 1 : Math.max(anchorEnd, p);
  },
};
