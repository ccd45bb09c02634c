import { z } from "zod";
import { redactKeyDistinct } from "../security/redact-fields";
import { projectRefShape, queryBoolean, sessionIdField } from "./common";

/** Contracts of `/api/sessions*` and `/api/claims*` (the plugin imports the types only). */

const sessionId = sessionIdField;

export const registerSessionInput = z
  .object({
    ...projectRefShape,
    sessionID: sessionId,
    title: z.string().max(500).optional(),
    agent: z.string().max(100).optional(),
    workingOn: z.string().max(1000).optional(),
  })
  .strict();
export type RegisterSessionInput = z.input<typeof registerSessionInput>;
export type ParsedRegisterSessionInput = z.output<typeof registerSessionInput>;

export const heartbeatInput = z
  .object({
    ...projectRefShape,
    title: z.string().max(500).optional(),
    workingOn: z.string().max(1000).nullish(),
  })
  .strict();
export type HeartbeatInput = z.input<typeof heartbeatInput>;
export type ParsedHeartbeatInput = z.output<typeof heartbeatInput>;

export const endSessionInput = z
  .object({
    summary: z.string().max(20_000).optional(),
  })
  .strict();
export type EndSessionInput = z.input<typeof endSessionInput>;
export type ParsedEndSessionInput = z.output<typeof endSessionInput>;

export const listSessionsQuery = z
  .object({
    ...projectRefShape,
    /** Include ended and stale sessions (default: active ones only). */
    all: queryBoolean.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
  })
  .strict();
export type ListSessionsQuery = z.input<typeof listSessionsQuery>;
export type ParsedListSessionsQuery = z.output<typeof listSessionsQuery>;

export interface SessionDto {
  id: string;
  projectId: string | null;
  title: string | null;
  agent: string | null;
  status: "active" | "ended";
  summary: string | null;
  workingOn: string | null;
  startedAt: string;
  lastHeartbeatAt: string;
  endedAt: string | null;
  /** Claims this session holds. */
  claims: ClaimDto[];
}

export const claimInput = z
  .object({
    ...projectRefShape,
    sessionID: sessionId,
    /** What is claimed: `#123`, a file path, a task name. */
    item: z.string().trim().min(1).max(500).transform(redactKeyDistinct),
    kind: z.enum(["issue", "file", "task", "item"]).optional(),
    note: z.string().max(1000).optional(),
    ttlSeconds: z
      .number()
      .int()
      .min(1)
      .max(30 * 24 * 3600)
      .optional(),
  })
  .strict();
export type ClaimInput = z.input<typeof claimInput>;
export type ParsedClaimInput = z.output<typeof claimInput>;

export const releaseClaimQuery = z
  .object({
    ...projectRefShape,
    sessionID: sessionId,
    item: z.string().trim().min(1).max(500).transform(redactKeyDistinct),
  })
  .strict();
export type ReleaseClaimQuery = z.input<typeof releaseClaimQuery>;
export type ParsedReleaseClaimQuery = z.output<typeof releaseClaimQuery>;

export const listClaimsQuery = z
  .object({
    ...projectRefShape,
    sessionID: sessionId.optional(),
  })
  .strict();
export type ListClaimsQuery = z.input<typeof listClaimsQuery>;
export type ParsedListClaimsQuery = z.output<typeof listClaimsQuery>;

export interface ClaimDto {
  projectId: string;
  item: string;
  kind: string;
  sessionId: string;
  note: string | null;
  claimedAt: string;
  expiresAt: string;
}

/** Body of the 409 a conflicting claim gets: `error.details`. */
export interface ClaimConflictDetails {
  item: string;
  holder: { sessionId: string; title: string | null; claimedAt: string; expiresAt: string };
}
