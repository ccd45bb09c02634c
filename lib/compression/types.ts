import type { Level, LevelParams } from "./pressure";

/** One compressible field of one part, as a strategy sees it. */
export interface PartView {
  messageIndex: number;
  partIndex: number;
  role: "user" | "assistant";
  kind: "text" | "reasoning" | "tool";
  tool?: string;
  input?: Record<string, unknown>;
  status?: string;
  /** The field that is rewritten: `text` of text/reasoning parts, `state.output` or `state.error` of tools. */
  field: "text" | "output" | "error";
  /** The field's original text, already redacted. */
  original: string;
}

export interface StrategyContext {
  level: Level;
  p: LevelParams;
  /** The hash of the original text (lib/compression/compressed-originals.ts) (stored once the part is committed). */
  ref(): string;
  /** A later call of the same tool with the same input exists in the history. */
  hasLaterDuplicate(view: PartView): boolean;
  /** A later edit/write/patch of `path` exists in the history. */
  hasLaterEdit(view: PartView, path: string): boolean;
  /**
   * Lines of the previous tool output and of the previous output of the same tool (earlier parts only, so the result stays stable):
   * a line repeated from it (an environment prompt, a progress-meter header) tells nothing new.
   */
  previousLines(view: PartView): Set<string>;
}

export interface StrategyResult {
  text: string;
  /** Nothing else runs on this part after this one. */
  final?: boolean;
}

export interface Strategy {
  name: string;
  /** Content strategies rewrite the body of a tool output; at most one of them runs on a part. */
  content?: boolean;
  appliesTo(view: PartView): boolean;
  apply(text: string, view: PartView, sc: StrategyContext): StrategyResult | undefined;
}
