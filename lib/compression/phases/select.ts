import { createHash } from "node:crypto";
import type { Ctx } from "../../ctx";
import { redactKey } from "../../security/redact-fields";
import { dbCacheGet, partMemory, type CachedPart } from "../cache";
import { stableStringify } from "../hash";
import type { Level } from "../pressure";
import type { OcMessage } from "../schema";
import { repeatsFrom } from "../repeats";
import { isProtectedTool } from "../tools";
import { runAll, STEP_ITEMS, type Steps } from "../../slices";
import { digestOf, type Slot } from "./measure";
import type { SelectedPrefix } from "../turn-memo";

/** Bump when a strategy's output changes, so cached results of the old version are not reused. */
const PIPELINE_VERSION = "8";

export interface Selection {
  /** Per slot: the cache variant (its pressure level and the configuration). */
  variants: string[];
  /** Per slot: the result known from a cache, `undefined` for a slot left as it is, or a pending index. */
  known: (CachedPart | number | undefined)[];
  /** Slots to compress anew, with their cache key; their originals are redacted before phase 4. */
  pending: { slot: Slot; key: string; level: Level; variant: string }[];
}

/**
 * Phase 3, select: parts older than the protected recent turns, except protected tools and the
 * latest user message, are compressed once and the result is reused (cache keyed by part id,
 * digest, level, configuration: in memory, then `compression_cache`), so turn t+1 starts with the
 * same bytes as turn t except where parts newly aged.
 *
 * `levels`: each slot's pressure level, the level of the history when the slot aged
 * (../pressure.ts `agedLevels`): crossing a threshold changes how the parts that age after it are
 * cut, never what was already sent.
 */
export function select(ctx: Ctx, messages: OcMessage[], slots: Slot[], levels: Level[], now: number): Selection {
  return runAll(selectSteps(ctx, messages, slots, levels, now));
}

/** `select` as steps, one a part (lib/slices.ts); after `prefix` when given. */
export function* selectSteps(ctx: Ctx, messages: OcMessage[], slots: Slot[], levels: Level[], now: number, prefix?: SelectedPrefix): Steps<Selection> {
  const cfg = ctx.config.compression;
  const boundary = messages.length - cfg.protectRecentTurns;
  let lastUser = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i].info.role !== "user") continue;
    lastUser = i;
    break;
  }
  // The duplicates strategy depends on what is a repeat (history.ts).
  const tag = configTag(cfg.protectedTools, cfg.disabledStrategies, repeatsFrom(cfg));
  const kept = prefix?.slots ?? 0;
  const variants: string[] = prefix ? prefix.variants.slice(0, kept) : [];
  // One string per level, not one per part each turn (three levels: ../pressure.ts).
  const byLevel = new Map<Level, string>();
  const variantOf = (level: Level) => {
    let variant = byLevel.get(level);
    if (variant === undefined) byLevel.set(level, (variant = `${level}:${tag}`));
    return variant;
  };
  for (const i of prefix?.redo ?? []) variants[i] = variantOf(levels[i]);
  for (let i = kept; i < levels.length; i++) {
    variants.push(variantOf(levels[i]));
    if (variants.length % STEP_ITEMS === 0) yield;
  }

  const known: Selection["known"] = prefix ? prefix.known.slice(0, kept) : [];
  const pending: Selection["pending"] = [];
  const memory = partMemory(ctx);
  const selectOne = (i: number): Selection["known"][number] => {
    const slot = slots[i];
    const variant = variants[i];
    const aged = slot.mi < boundary && slot.mi !== lastUser;
    // A protected tool's output is never touched; its error (a failed call changed nothing) is truncated like any other.
    const isProtected = slot.field === "output" && isProtectedTool(slot.part.tool!, cfg.protectedTools);
    if (!aged || isProtected || !slot.text) return undefined;
    let result = slot.entry.results.get(variant);
    if (!result) {
      // The part id is the client's: the stored key carries it redacted.
      const key = `${redactKey(slot.part.id)}:${digestOf(slot)}:${variant}`;
      result = dbCacheGet(ctx, key, now);
      if (result) memory.keepResult(slot.entry, variant, result);
      else {
        pending.push({ slot, key, level: levels[i], variant });
        return pending.length - 1;
      }
    }
    return result;
  };
  // In slot order, as a whole selection would: the pending parts keep their order.
  for (const i of prefix?.redo ?? []) known[i] = selectOne(i);
  for (let i = kept; i < slots.length; i++) {
    yield;
    known.push(selectOne(i));
  }
  return { variants, known, pending };
}

const tags = new Map<string, string>();
function configTag(protectedTools: readonly string[], disabled: readonly string[], repeatMinTokens: number): string {
  const raw = stableStringify([PIPELINE_VERSION, [...protectedTools].sort(), [...disabled].sort(), String(repeatMinTokens)]);
  let tag = tags.get(raw);
  if (!tag) tags.set(raw, (tag = createHash("sha1").update(raw).digest("base64url").slice(0, 8)));
  return tag;
}
