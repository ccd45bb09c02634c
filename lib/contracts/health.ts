import { z } from "zod";
import { CHALLENGE } from "../security/server-proof";

/** `GET /api/health?challenge=`: a client's random challenge, answered with the server's proof (lib/security/server-proof.ts). */
export const healthQuery = z.object({
  challenge: z.string().regex(CHALLENGE, "32 to 128 lowercase hexadecimal characters").optional(),
});
