import { createHash } from "node:crypto";
import { redact } from "../../security/redaction";
import { countTokens } from "../../token-count";
import { originalHash } from "../hash";
import { footer } from "../lines";
import { filePaths } from "../tools";
import type { PartEntry, PartMemory } from "../part-memory";
import { NOISE_STRATEGY, noiseSummary, withoutNoise } from "../noise";
import { PROGRESS_STRATEGY, withoutProgress } from "../progress";
import type { OcMessage, OcPart } from "../schema";
import { runAll, type Steps } from "../../slices";

/** A part whose model-visible content (one field) the pipeline may compress. */
export interface Slot {
  mi: number;
  pi: number;
  part: OcPart;
  kind: "text" | "reasoning" | "tool";
  field: "text" | "output" | "error";
  /** The field as every later phase sees it: without its progress lines when it had some (`entry.view`). */
  text: string;
  entry: PartEntry;
}

function fieldOf(part: OcPart): { kind: Slot["kind"]; field: Slot["field"]; text: string } | undefined {
  if (part.type === "text" || part.type === "reasoning") return { kind: part.type, field: "text", text: part.text ?? "" };
  if (part.type === "tool" && part.state) {
    if (part.state.status === "completed") return { kind: "tool", field: "output", text: part.state.output ?? "" };
    if (part.state.status === "error") return { kind: "tool", field: "error", text: part.state.error ?? "" };
  }
  return undefined;
}

/** The file paths a slot's tool call names (../tools.ts `filePaths`), kept with its part: the schedule asks every call. */
export const pathsOf = (slot: Slot): string[] => (slot.entry.paths ??= slot.part.tool ? filePaths(slot.part.tool, slot.part.state?.input) : []);

const toolHeader = (part: OcPart) => `${part.tool}\n${JSON.stringify(part.state?.input ?? {})}`;

/** A digest of what the slot's result depends on (computed once per part content). */
export const digestOf = (slot: Slot) =>
  (slot.entry.digest ??= createHash("sha1")
    .update(slot.kind)
    .update("\0")
    .update(slot.entry.header)
    .update("\0")
    .update(slot.field)
    .update("\0")
    .update(slot.text)
    .digest("base64url"));

/**
 * Phase 2, measure: every part's model-visible content gets a token count, kept in memory per part
 * id with the content it belongs to (the history is resent whole every turn; tokenizing or even
 * hashing it again would dominate the call). Outputs of the tools `progressFor` names lose their
 * progress lines here, once (../progress.ts): from then on the part is its view.
 *
 * `tokensBefore` counts the history as it came; `tokens`, as the later phases see it.
 */
export function measure(
  messages: OcMessage[],
  memory: PartMemory,
  viewFor: (part: OcPart) => ViewRules = () => NO_VIEW,
): { slots: Slot[]; tokensBefore: number; tokens: number } {
  return runAll(measureSteps(messages, memory, viewFor));
}

/** The first messages' slots and sums, as the previous call measured them (lib/compression/turn-memo.ts). */
export interface MeasuredPrefix {
  messages: number;
  slots: Slot[];
  tokensBefore: number;
  tokens: number;
}

/** `measure` as steps, one a message (lib/slices.ts); from `prefix` on when given. */
export function* measureSteps(
  messages: OcMessage[],
  memory: PartMemory,
  viewFor: (part: OcPart) => ViewRules = () => NO_VIEW,
  rulesKey?: string,
  prefix?: MeasuredPrefix,
): Steps<{ slots: Slot[]; tokensBefore: number; tokens: number }> {
  const slots: Slot[] = prefix ? prefix.slots : [];
  let tokensBefore = prefix?.tokensBefore ?? 0;
  let tokens = prefix?.tokens ?? 0;
  for (let mi = prefix?.messages ?? 0; mi < messages.length; mi++) {
    const parts = messages[mi].parts;
    for (let pi = 0; pi < parts.length; pi++) {
      const part = parts[pi];
      const f = fieldOf(part);
      if (!f) continue;
      let entry = memory.get(part.id);
      // The very part object measured last time, under the same rules (`rulesKey`, from the caller's
      // configuration): its header and view rules are those of then. Request parts are never
      // changed once parsed (the pipeline copies what it changes), so the object stands for its content.
      const same = rulesKey !== undefined && entry !== undefined && entry.source === part && entry.sourceRules === rulesKey && entry.text === f.text;
      const header = same ? entry!.header : f.kind === "tool" ? toolHeader(part) : "";
      const rules = same ? undefined : f.field === "output" ? viewFor(part) : NO_VIEW;
      const viewed = same ? entry!.viewed : rules!.progress || rules!.noise ? `${+rules!.progress}${+rules!.noise}` : undefined;
      if (!entry || entry.text !== f.text || entry.header !== header || entry.viewed !== viewed) {
        const headerTokens = header ? countTokens(header) : 0;
        const fieldTokens = countTokens(f.text);
        const view = viewed ? firstSendView(f.text, fieldTokens, rules!) : undefined;
        entry = { text: f.text, header, headerTokens, tokens: headerTokens + fieldTokens - (view?.saved ?? 0), results: new Map(), view, viewed };
        memory.set(part.id, entry);
      }
      entry.source = part;
      entry.sourceRules = rulesKey;
      tokensBefore += entry.tokens + (entry.view?.saved ?? 0);
      tokens += entry.tokens;
      slots.push({ mi, pi, part, ...f, text: entry.view?.text ?? f.text, entry });
    }
    yield;
  }
  return { slots, tokensBefore, tokens };
}

/** Which first-send removals apply to an output (progress: ../progress.ts; noise: ../noise.ts). */
export interface ViewRules {
  progress: boolean;
  noise: boolean;
}
const NO_VIEW: ViewRules = { progress: false, noise: false };

/**
 * The output without its progress lines and its noise, and a reference to the original; undefined
 * when that saves too little. `by`: the tokens saved, split between the two by characters removed.
 */
function firstSendView(text: string, fieldTokens: number, rules: ViewRules): PartEntry["view"] {
  const progress = rules.progress ? withoutProgress(text) : undefined;
  const afterProgress = progress?.text ?? text;
  const noise = rules.noise ? withoutNoise(afterProgress) : undefined;
  if (!progress && !noise) return undefined;
  const what: string[] = [];
  if (progress) what.push(`${progress.removed} lines of progress output removed`);
  if (noise) what.push(`not sent: ${noiseSummary(noise.removed)}`);
  const original = redact(text);
  const hash = originalHash(original);
  const shown = `${noise?.text ?? afterProgress}\n${footer(what.join("; "), hash)}`;
  const saved = fieldTokens - countTokens(shown);
  if (saved < MIN_VIEW_SAVED) return undefined;
  const progressChars = text.length - afterProgress.length;
  const noiseChars = afterProgress.length - (noise?.text.length ?? afterProgress.length);
  const progressSaved = Math.round((saved * progressChars) / Math.max(1, progressChars + noiseChars));
  return { text: shown, hash, saved, original, by: { [PROGRESS_STRATEGY]: progressSaved, [NOISE_STRATEGY]: saved - progressSaved } };
}

/** Below this, the reference would cost about what the removed lines did. */
const MIN_VIEW_SAVED = 20;
