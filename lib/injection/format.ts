/** Small formatting helpers shared by the injected blocks. */

const DAY = 24 * 3600 * 1000;

/**
 * A memory's age at day granularity ("today", "1d", "12d", "3w", "5mo", "2y"): coarse on purpose,
 * so an injected block does not change from one turn to the next just because time passed.
 */
export function dayAge(fromMs: number, nowMs: number): string {
  const d = Math.max(0, Math.floor((nowMs - fromMs) / DAY));
  if (d === 0) return "today";
  if (d < 14) return `${d}d`;
  if (d < 60) return `${Math.floor(d / 7)}w`;
  if (d < 365) return `${Math.floor(d / 30)}mo`;
  return `${Math.floor(d / 365)}y`;
}

/** Collapses whitespace (newlines included) so each memory takes one line of the block. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
