/** Compressed results and token counts of the parts seen lately, in memory (lib/compression/cache.ts). */
export interface CachedPart {
  /** The new text of the field, or null when the part stays as it is. */
  v: string | null;
  /** Tokens of the part after compression (header included). */
  t: number;
  /** Tokens saved, by strategy. */
  s: Record<string, number>;
}

export interface PartEntry {
  /** The field's text as it came. */
  text: string;
  header: string;
  /** Tokens of the part as the pipeline sees it: `view` when there is one (header included). */
  tokens: number;
  /**
   * The output without its progress lines and noise (lib/compression/progress.ts, noise.ts), shown in its place at
   * every age; `hash` names the original, `saved` the tokens removed, `original` the redacted
   * original until it is stored.
   */
  view?: { text: string; hash: string; saved: number; original?: string; by?: Record<string, number> };
  /** Which removals `view` was looked for with (progress, noise), undefined: none. */
  viewed?: string;
  /**
   * The request part last measured into this entry and the view rules then (phases/measure.ts):
   * the same object again (the delta exchange hands back the previous call's parts) under the same
   * rules is not serialized and checked again.
   */
  source?: object;
  sourceRules?: string;
  headerTokens: number;
  digest?: string;
  /** Tool name and input with sorted keys: equal for repeated calls (duplicate detection). */
  callKey?: string;
  /** The file paths the tool call names (../tools.ts `filePaths`), normalized: computed once per part content. */
  paths?: string[];
  /** Tool name and command (or input): the run a partial repeat compares with (phases/schedule.ts). */
  runKey?: string;
  /** Tool name and output digest: equal for repeated outputs (lib/compression/repeats.ts). */
  repeatKey?: string;
  /** What it shows as a repeat of the copy named (lib/compression/repeats.ts); null: nothing worth it. */
  reference?: { against: string; result: CachedPart | null };
  /** This repeat's original is stored (its stub names it: lib/compression/repeats.ts). */
  referenceStored?: boolean;
  /** Compressed results by variant. Added through PartMemory.keepResult, which counts them. */
  results: Map<string, CachedPart>;
  /** Characters this entry holds (text, header, results, reference), as PartMemory counted them. */
  size?: number;
}

const sizeOf = (r: CachedPart | null | undefined) => (r?.v ? r.v.length : 0);

/**
 * Bounded by entries and by characters held: the texts kept to compare against, and the compressed
 * results and repeat references kept with them (added through keepResult / keepReference, so that
 * every character an entry holds is counted while it is held).
 */
export class PartMemory {
  private readonly map = new Map<string, PartEntry>();
  private held = new WeakSet<PartEntry>();
  private chars = 0;
  private forgotten = 0;
  constructor(
    private readonly maxEntries: number,
    private readonly maxChars: number,
  ) {}

  get(id: string): PartEntry | undefined {
    const e = this.map.get(id);
    if (e) {
      this.map.delete(id);
      this.map.set(id, e);
    }
    return e;
  }

  set(id: string, e: PartEntry): void {
    const old = this.map.get(id);
    if (old) this.forget(id, old);
    e.size =
      e.text.length +
      (e.view ? e.view.text.length + (e.view.original?.length ?? 0) : 0) +
      e.header.length +
      [...e.results.values()].reduce((n, r) => n + sizeOf(r), 0) +
      sizeOf(e.reference?.result);
    this.map.set(id, e);
    this.held.add(e);
    this.chars += e.size;
    this.evict();
  }

  /** Keeps a compressed result with its part, counted against the bound. */
  keepResult(e: PartEntry, variant: string, result: CachedPart): void {
    const before = sizeOf(e.results.get(variant));
    e.results.set(variant, result);
    this.grew(e, sizeOf(result) - before);
  }

  /** Keeps what the part shows as a repeat (lib/compression/repeats.ts), counted against the bound. */
  keepReference(e: PartEntry, reference: NonNullable<PartEntry["reference"]>): void {
    const before = sizeOf(e.reference?.result);
    e.reference = reference;
    this.grew(e, sizeOf(reference.result) - before);
  }

  /** The part's progress original has been handed over to be stored: it no longer counts. */
  releaseOriginal(e: PartEntry): void {
    const chars = e.view?.original?.length ?? 0;
    if (!e.view || !chars) return;
    e.view.original = undefined;
    this.grew(e, -chars);
  }

  /**
   * Counts every entry forgotten (evicted, replaced, cleared): unchanged since a call, every entry
   * that call measured is still the one held for its part id (lib/compression/turn-memo.ts).
   */
  get epoch(): number {
    return this.forgotten;
  }

  /** Characters held; for tests. */
  get size(): number {
    return this.chars;
  }

  clear(): void {
    this.map.clear();
    this.held = new WeakSet();
    this.chars = 0;
    this.forgotten++;
  }

  private grew(e: PartEntry, delta: number): void {
    e.size = (e.size ?? 0) + delta;
    // An entry already evicted (still in use by the call that measured it) is not held any more.
    if (!this.held.has(e)) return;
    this.chars += delta;
    this.evict();
  }

  private evict(): void {
    while (this.map.size > this.maxEntries || (this.chars > this.maxChars && this.map.size > 1)) {
      const [oldest, entry] = this.map.entries().next().value as [string, PartEntry];
      this.forget(oldest, entry);
    }
  }

  private forget(id: string, e: PartEntry): void {
    this.forgotten++;
    this.map.delete(id);
    this.held.delete(e);
    this.chars -= e.size ?? 0;
  }
}
