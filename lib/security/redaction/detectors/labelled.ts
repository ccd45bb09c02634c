/** A detector for `<anchor><separator><value>`, the value replaced (`aws_secret_access_key =`, `_authToken=`, `AccountKey=`). */
import type { Detector } from "../detector";
import type { CharClass } from "../readers/chars";
import { quoteAt, separator } from "../readers/quotes";
import { value } from "../readers/value";

export function labelled(
  kind: string,
  anchor: RegExp,
  opts: {
    min: number;
    bare: CharClass;
    only?: ":" | "=";
    /** The value is exactly `min` characters of `bare` (aws_secret_key's 40); quotes stay outside the span. */
    exact?: boolean;
  },
): Detector {
  return {
    kind,
    anchor,
    read(text, _at, anchorEnd, push, finder) {
      let v = separator(text, anchorEnd, opts.only);
      if (v < 0) return anchorEnd;
      if (opts.exact) {
        v += quoteAt(text, v).len;
        const e = opts.bare.runEnd(text, v);
        if (e - v === opts.min) push(v, e);
        return Math.max(anchorEnd, e);
      }
      const r = value(text, v, opts.min, opts.bare, finder);
      if (r.span) push(r.span[0], r.span[1]);
      return Math.max(anchorEnd, r.stop);
    },
  };
}
