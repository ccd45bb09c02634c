import type { LoopDto, LoopPhaseDto } from "../contracts/loops";
import type { loopPhases, loops } from "../db/schema";

type LoopRow = typeof loops.$inferSelect;
type PhaseRow = typeof loopPhases.$inferSelect;

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

export function loopDto(r: LoopRow, phases?: PhaseRow[]): LoopDto {
  const { createdAt, updatedAt, endedAt, driverSeenAt, ...rest } = r;
  return {
    ...rest,
    driverSeenAt: isoOrNull(driverSeenAt),
    createdAt: iso(createdAt),
    updatedAt: iso(updatedAt),
    endedAt: isoOrNull(endedAt),
    ...(phases ? { phases: phases.map(phaseDto) } : {}),
  };
}

export function phaseDto(p: PhaseRow): LoopPhaseDto {
  const { id: _id, loopId: _loop, startedAt, endedAt, ...rest } = p;
  return { ...rest, startedAt: iso(startedAt), endedAt: isoOrNull(endedAt) };
}
