import type { Detector } from "../detector";
import { QUERY_VALUE } from "../readers/chars";

/** `?sig=` of an Azure SAS URL and the signature or session token of S3 / GCS presigned URLs. */
export const signedUrl: Detector = {
  kind: "signed_url",
  anchor: /(?:sig|signature|x-amz-signature|x-goog-signature|x-amz-security-token)=/gi,
  read(text, at, anchorEnd, push) {
    const before = text.charCodeAt(at - 1);
    if (!(before === 63 || before === 38 || before === 59)) return anchorEnd; // ? & ;
    const e = QUERY_VALUE.runEnd(text, anchorEnd);
    if (e - anchorEnd >= 16) push(anchorEnd, e);
    return Math.max(anchorEnd, e);
  },
};
