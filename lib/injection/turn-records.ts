/**
 * The record of injected blocks each session's compress requests last wrote (lib/injection/turn-record.ts),
 * by session: its value and text as stored (redacted) and the `base` that names it, so the next
 * request may send only what changed (`ctx.services.turnRecords`, the 16 sessions seen lately).
 */
export interface WrittenRecord {
  base: string;
  value: Record<string, unknown>;
  text: string;
}

export type TurnRecords = Map<string, WrittenRecord>;
