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

/**
 * A memory's text as one line of a block: whitespace (newlines included) collapsed, and the
 * blocks' own tag made inert (`‹/recollect-memory`), so that stored text (an imported file, a
 * tool's output kept as a memory) cannot close its block and go on as if outside it.
 */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim().replace(FRAME_TAG, "‹$1recollect-memory");
}
// After the collapse at most one space stands anywhere, so `< / recollect-memory` is covered too.
const FRAME_TAG = /< ?(\/?) ?recollect-memory/gi;
