/** Tokens in dotted parts: JWTs and SendGrid keys. */
import type { Detector } from "../detector";
import { B64URL, wordBefore } from "../readers/chars";

/** `eyJ<b64url>.eyJ<b64url>.<b64url>`, each part at least 8 characters after its prefix. */
export const jwt: Detector = {
  kind: "jwt",
  anchor: /eyJ/g,
  read(text, at, anchorEnd, push) {
    if (wordBefore(text, at)) return anchorEnd;
    const e1 = B64URL.runEnd(text, anchorEnd);
    if (e1 - anchorEnd < 8 || text.charCodeAt(e1) !== 46 || !text.startsWith("eyJ", e1 + 1)) return e1;
    // From here a failure resumes at the second `eyJ`, which may start a token of its own.
    const e2 = B64URL.runEnd(text, e1 + 4);
    if (e2 - e1 - 4 < 8 || text.charCodeAt(e2) !== 46) return e1 + 1;
    const e3 = B64URL.runEnd(text, e2 + 1);
    if (e3 - e2 - 1 < 8) return e1 + 1;
    push(at, e3);
    return e3;
  },
};

/** `SG.<16-32>.<16+>` */
export const sendgrid: Detector = {
  kind: "sendgrid_key",
  anchor: /SG\./g,
  read(text, at, anchorEnd, push) {
    if (wordBefore(text, at)) return anchorEnd;
    const e1 = B64URL.runEnd(text, anchorEnd);
    if (e1 - anchorEnd < 16 || e1 - anchorEnd > 32 || text.charCodeAt(e1) !== 46) return e1;
    const e2 = B64URL.runEnd(text, e1 + 1);
    if (e2 - e1 - 1 < 16) return e1 + 1;
    push(at, e2);
    return e2;
  },
};
