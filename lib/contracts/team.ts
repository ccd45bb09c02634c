import { z } from "zod";
import { CATEGORIES, MEMORY_LIMITS } from "../vocabulary";
import { lowerCaseRedacted, redact } from "../security/redaction";

/** Limits of the team hub's API (docs/team.md). */
export const TEAM_LIMITS = {
  changesPerPush: 1_000,
  pullPage: 1_000,
  nameChars: 64,
  projectChars: 200,
  queryChars: 2_000,
  dims: 4_096,
  pullWaitMs: 25_000,
} as const;

const name = z
  .string()
  .trim()
  .min(1)
  .max(TEAM_LIMITS.nameChars)
  .regex(/^[\w.@-]+$/, "letters, digits, . _ - @ only");
const project = z.string().trim().min(1).max(TEAM_LIMITS.projectChars);

/** One change a machine pushes: the memory's state (or a tombstone) and the hub seq it was based on. */
export const teamChange = z.object({
  changeId: z.string().min(1).max(MEMORY_LIMITS.idChars),
  memoryId: z.string().min(1).max(MEMORY_LIMITS.idChars),
  project,
  baseSeq: z.number().int().nonnegative().nullable(),
  deleted: z.boolean().default(false),
  category: z.enum(CATEGORIES),
  // Redacted again on the hub: a machine with an older redactor, or none, never stores a secret here.
  title: z
    .string()
    .max(MEMORY_LIMITS.titleChars)
    .nullable()
    .transform((t) => (t === null ? null : redact(t))),
  content: z.string().max(MEMORY_LIMITS.contentChars).transform(redact),
  tags: z
    .array(
      z
        .string()
        .max(MEMORY_LIMITS.tagChars)
        .transform((t) => lowerCaseRedacted(redact(t))),
    )
    .max(MEMORY_LIMITS.tags)
    .default([]),
  embedding: z.array(z.number().finite()).max(TEAM_LIMITS.dims).nullable().default(null),
});
export type ParsedTeamChange = z.output<typeof teamChange>;

export const teamPushInput = z.object({ changes: z.array(teamChange).min(1).max(TEAM_LIMITS.changesPerPush) });
export type ParsedTeamPushInput = z.output<typeof teamPushInput>;

export const teamPullQuery = z.object({
  project,
  cursor: z.coerce.number().int().nonnegative().default(0),
  limit: z.coerce.number().int().min(1).max(TEAM_LIMITS.pullPage).default(TEAM_LIMITS.pullPage),
  /** Long poll: with nothing after the cursor, wait up to this many ms for a push to the project. */
  wait: z.coerce.number().int().min(0).max(TEAM_LIMITS.pullWaitMs).default(0),
});
export type ParsedTeamPullQuery = z.output<typeof teamPullQuery>;

export const teamSearchQuery = z.object({
  project,
  query: z.string().trim().min(1).max(TEAM_LIMITS.queryChars),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type ParsedTeamSearchQuery = z.output<typeof teamSearchQuery>;

export const teamInviteInput = z.object({ name, team: name.default("team"), admin: z.boolean().default(false) });
export type ParsedTeamInviteInput = z.output<typeof teamInviteInput>;
export const teamRevokeInput = z.object({ name });
export const teamAccessInput = z.object({ team: name, project });

/** A version as the hub hands it out on pull. */
export interface TeamVersionDto {
  seq: number;
  memoryId: string;
  project: string;
  baseSeq: number | null;
  overwroteSeq: number | null;
  author: string;
  deleted: boolean;
  category: (typeof CATEGORIES)[number];
  title: string | null;
  content: string;
  tags: string[];
  createdAt: string;
}

export interface TeamPushResult {
  /** Per change, in order: the hub seq it got, and the head it overwrote when it was not based on it. */
  results: { changeId: string; memoryId: string; seq: number; overwrote: TeamVersionDto | null }[];
}
export interface TeamPullResult {
  versions: TeamVersionDto[];
  cursor: number;
  more: boolean;
}

export const teamAuditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1_000).default(100),
  project: project.optional(),
  actor: name.optional(),
  action: z.string().trim().min(1).max(64).optional(),
});
export const teamJoinInput = z.object({
  url: z
    .string()
    .url()
    .max(2_000)
    .refine((u) => /^https?:\/\//.test(u), "an http(s) URL"),
  token: z.string().trim().min(1).max(200),
});
export const teamShareInput = z
  .object({ directory: z.string().min(1).max(4_096).optional(), project: z.string().min(1).max(200).optional(), name: project })
  .refine((v) => v.directory || v.project, { message: "a directory or a project", path: ["directory"] });
