import { z } from "zod";
import { redactKey } from "../security/redact-fields";
import { projectRefShape } from "./common";

/** Contracts of `/api/kv*`: short-lived JSON state per project (or global with neither ref). */

export const KV_KEY_MAX = 256;
/** Printable, no control characters; `/` allowed (`build/last-status`). */
export const kvKey = z
  .string()
  .min(1, "key must not be empty")
  .max(KV_KEY_MAX)
  .regex(/^[^\u0000-\u001f\u007f]+$/, "key must not contain control characters");

export const putKvInput = z
  .object({
    ...projectRefShape,
    value: z.json().refine((v) => v !== undefined, "value is required"),
    ttlSeconds: z
      .number()
      .int()
      .min(1)
      .max(10 * 365 * 24 * 3600)
      .optional(),
  })
  .strict();
export type PutKvInput = z.input<typeof putKvInput>;
export type ParsedPutKvInput = z.output<typeof putKvInput>;

export const kvRefQuery = z.object({ ...projectRefShape }).strict();
export type KvRefQuery = z.input<typeof kvRefQuery>;
export type ParsedKvRefQuery = z.output<typeof kvRefQuery>;

export const listKvQuery = z
  .object({
    ...projectRefShape,
    prefix: z
      .string()
      .max(KV_KEY_MAX)
      .default("")
      .transform((p): string => redactKey(p)), // a lookup, not a written value
    limit: z.coerce.number().int().min(1).max(1000).default(100),
  })
  .strict();
export type ListKvQuery = z.input<typeof listKvQuery>;
export type ParsedListKvQuery = z.output<typeof listKvQuery>;

export interface KvEntryDto {
  key: string;
  projectId: string | null;
  value: unknown;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
}
