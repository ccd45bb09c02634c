import type { Detector } from "../detector";
import { B64_PAD, WHITE } from "../readers/chars";

/** `-----BEGIN ... PRIVATE KEY-----`, to its END line, or (no END: `head id_rsa`) to the end of the base64 body. */
export const privateKey: Detector = {
  kind: "private_key",
  anchor: /-----BEGIN /g,
  read(text, at, anchorEnd, push) {
    const close = text.indexOf("-----", anchorEnd);
    if (close < 0 || close - anchorEnd > 60 || !/^(?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?$/.test(text.slice(anchorEnd, close))) return anchorEnd;
    let p = close + 5;
    let bodyEnd = -1;
    // Armor headers (`Proc-Type: 4,ENCRYPTED`, `Version: ...`) right after BEGIN.
    for (let h = 0; h < 8; h++) {
      const line = skipSeparators(text, p);
      const m = /[A-Za-z-]{2,40}: [^\n\\]{0,200}/y;
      m.lastIndex = line;
      if (line === p || !m.test(text)) break;
      p = m.lastIndex;
    }
    for (;;) {
      const q = skipSeparators(text, p);
      if (text.startsWith("-----END ", q)) {
        const endClose = text.indexOf("-----", q + 9);
        if (endClose >= 0 && endClose - q < 80) return (push(at, endClose + 5), endClose + 5);
        break;
      }
      const e = B64_PAD.runEnd(text, q);
      if (e === q) break;
      // A chunk is body only if it stands alone: followed by a separator, a quote, END or the end.
      const after = text.charCodeAt(e);
      if (!(e >= text.length || WHITE.has(after) || after === 92 || after === 34 || after === 39 || after === 45)) break;
      // Short chunks (a last line, or words of prose after a cut-off key) count only once a long one follows.
      if (e - q >= 16 || text.charCodeAt(e - 1) === 61) bodyEnd = e;
      p = e;
    }
    if (bodyEnd > 0) push(at, bodyEnd);
    return Math.max(anchorEnd, p);
  },
};

/** Spaces, line breaks, and escaped line breaks (`\n` inside a JSON string). */
function skipSeparators(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) i++;
    else if (c === 92) {
      let j = i;
      while (text.charCodeAt(j) === 92) j++;
      const e = text.charCodeAt(j);
      if (e === 110 || e === 114) i = j + 1;
      else return i;
    } else return i;
  }
}
