import { z } from "zod";
import { redactKey } from "../security/redact-fields";

/**
 * An id the client chooses and the server stores and looks up (a session id, a project id): kept
 * redacted, the same on write and on lookup (lib/security/redact-fields.ts).
 */
// Typed as a plain string: an id is a lookup key as much as a stored value, and callers pass ids
// read back from the store; the writers of memories' text take the `Redacted` type instead.
export const clientId = (max = 200) =>
  z
    .string()
    .min(1)
    .max(max)
    .transform((key): string => redactKey(key));
export const sessionIdField = clientId(200);

/** Shapes shared by several API contracts. */
export const projectRefShape = {
  /** Raw: it is looked up on disk; the name and root path taken from it are redacted when stored. */
  directory: z.string().min(1).max(4096).optional(),
  project: clientId(200).optional(),
};

/** Query-string booleans: `true`/`1`/`yes` and `false`/`0`/`no`. */
export const queryBoolean = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => v === "true" || v === "1" || v === "yes");

/** A comma-separated list in a query string, or a repeated parameter already joined. */
export const csv = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .transform((s) =>
      s
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).min(1));

export interface ApiError {
  error: { code: string; message: string; details?: unknown };
}
