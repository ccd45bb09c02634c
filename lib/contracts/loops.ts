import { z } from "zod";
import { redact } from "../security/redaction";
import { redactKey } from "../security/redact-fields";
import {
  LOOP_MODES,
  LOOP_PHASE_STATUSES,
  LOOP_PHASES,
  LOOP_SANDBOXES,
  LOOP_STATUSES,
  type LoopMode,
  type LoopPhase,
  type LoopPhaseStatus,
  type LoopSandbox,
  type LoopStatus,
} from "../vocabulary";
import { clientId, projectRefShape, sessionIdField } from "./common";

/** Contracts of `/api/loops*` (docs/loops.md). */

export const LOOP_LIMITS = {
  taskChars: 50_000,
  slugChars: 60,
  promiseChars: 200,
  maxIterations: 1000,
  minAudits: 100,
  errorChars: 2000,
};

const slug = z
  .string()
  .min(1)
  .max(LOOP_LIMITS.slugChars)
  .regex(/^[a-z0-9][a-z0-9-]*$/, "slug: lowercase letters, digits and dashes");

export const createLoopInput = z
  .object({
    directory: z.string().min(1).max(4096),
    task: z.string().trim().min(1, "task must not be empty").max(LOOP_LIMITS.taskChars).transform(redact),
    slug: slug.optional(),
    maxIterations: z.number().int().min(0).max(LOOP_LIMITS.maxIterations).default(15),
    minAudits: z.number().int().min(0).max(LOOP_LIMITS.minAudits).default(1),
    audit: z.boolean().default(true),
    mode: z.enum(LOOP_MODES).default("worktree"),
    sandbox: z.enum(LOOP_SANDBOXES).default("none"),
    model: z.string().min(1).max(200).transform(redact).optional(),
    completionPromise: z.string().trim().min(1).max(LOOP_LIMITS.promiseChars).default("LOOP_COMPLETE").transform(redact),
    branch: z.string().min(1).max(300).transform(redactKey).optional(),
    worktreePath: z.string().min(1).max(4096).transform(redactKey).optional(),
  })
  .strict();
export type CreateLoopInput = z.input<typeof createLoopInput>;
export type ParsedCreateLoopInput = z.output<typeof createLoopInput>;

const count = z.number().int().min(0).max(1_000_000_000);

/** One phase's progress: created on its first report, updated on the next. */
export const loopPhaseInput = z
  .object({
    iteration: z.number().int().min(1).max(1_000_000),
    kind: z.enum(LOOP_PHASES),
    sessionId: sessionIdField.optional(),
    status: z.enum(LOOP_PHASE_STATUSES).optional(),
    promiseSeen: z.boolean().optional(),
    findings: count.optional(),
    commit: z
      .string()
      .regex(/^[0-9a-f]{7,64}$/, "commit: a hex git hash")
      .optional(),
    tokensInput: count.optional(),
    tokensOutput: count.optional(),
    cost: z.number().min(0).max(1_000_000).optional(),
    error: z.string().max(LOOP_LIMITS.errorChars).transform(redact).optional(),
  })
  .strict();

/** What the driver reports: the loop's state, counters, and (optionally) one phase. */
export const updateLoopInput = z
  .object({
    status: z.enum(LOOP_STATUSES).optional(),
    phase: z.enum(LOOP_PHASES).nullable().optional(),
    iteration: z.number().int().min(0).max(1_000_000).optional(),
    auditsDone: count.optional(),
    consecutiveErrors: count.optional(),
    stalls: count.optional(),
    findingsOpen: count.optional(),
    findingsResolved: count.optional(),
    model: z.string().min(1).max(200).transform(redact).optional(),
    branch: z.string().min(1).max(300).transform(redactKey).nullable().optional(),
    worktreePath: z.string().min(1).max(4096).transform(redactKey).nullable().optional(),
    lastError: z.string().max(LOOP_LIMITS.errorChars).transform(redact).nullable().optional(),
    phaseReport: loopPhaseInput.optional(),
  })
  .strict();
export type UpdateLoopInput = z.input<typeof updateLoopInput>;
export type ParsedUpdateLoopInput = z.output<typeof updateLoopInput>;

export const listLoopsQuery = z
  .object({
    ...projectRefShape,
    status: z.enum(LOOP_STATUSES).optional(),
    active: z
      .enum(["true", "false"])
      .transform((v) => v === "true")
      .optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export type ListLoopsQuery = z.input<typeof listLoopsQuery>;
export type ParsedListLoopsQuery = z.output<typeof listLoopsQuery>;

export const loopIdParam = clientId(100);

/** `POST /api/loops/:id/restart` (body optional): a new iteration limit, e.g. for a loop that hit it. */
export const restartLoopInput = z
  .object({
    maxIterations: z.number().int().min(0).max(LOOP_LIMITS.maxIterations).optional(),
  })
  .strict();
export type RestartLoopInput = z.input<typeof restartLoopInput>;
export type ParsedRestartLoopInput = z.output<typeof restartLoopInput>;

export const claimLoopInput = z
  .object({
    driver: z.string().min(1).max(100).transform(redactKey),
    /** A driver not seen for this long has gone: its loop may be adopted. */
    staleMs: z.number().int().min(1000).max(3_600_000).default(30_000),
  })
  .strict();
export type ClaimLoopInput = z.input<typeof claimLoopInput>;
export type ParsedClaimLoopInput = z.output<typeof claimLoopInput>;

export const orphanLoopsQuery = z.object({ ...projectRefShape, staleMs: z.coerce.number().int().min(1000).max(3_600_000).default(30_000) }).strict();

export interface LoopPhaseDto {
  iteration: number;
  kind: LoopPhase;
  sessionId: string | null;
  status: LoopPhaseStatus;
  promiseSeen: boolean;
  findings: number;
  commit: string | null;
  tokensInput: number;
  tokensOutput: number;
  cost: number;
  error: string | null;
  startedAt: string;
  endedAt: string | null;
}

export interface LoopDto {
  id: string;
  projectId: string | null;
  slug: string;
  task: string;
  status: LoopStatus;
  phase: LoopPhase | null;
  iteration: number;
  maxIterations: number;
  minAudits: number;
  audit: boolean;
  mode: LoopMode;
  sandbox: LoopSandbox;
  model: string | null;
  completionPromise: string;
  directory: string;
  branch: string | null;
  worktreePath: string | null;
  auditsDone: number;
  consecutiveErrors: number;
  stalls: number;
  findingsOpen: number;
  findingsResolved: number;
  tokensInput: number;
  tokensOutput: number;
  cost: number;
  lastError: string | null;
  driver: string | null;
  driverSeenAt: string | null;
  /** HMAC under the API token of what it runs, set when a token holder created or restarted it (lib/security/loop-grant.ts). */
  runGrant: string | null;
  createdAt: string;
  updatedAt: string;
  endedAt: string | null;
  /** Only from `getLoop`. */
  phases?: LoopPhaseDto[];
}
