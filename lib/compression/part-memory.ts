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
  text: string;
  header: string;
  tokens: number;
  headerTokens: number;
  digest?: string;
  /** Tool name and input with sorted keys: equal for repeated calls (duplicate detection). */
  callKey?: string;
  /** Tool name and output digest: equal for repeated outputs (lib/compression/repeats.ts). */
  repeatKey?: string;
  /** What it shows as a repeat of the copy named (lib/compression/repeats.ts); null: nothing worth it. */
  reference?: { against: string; result: CachedPart | null };
  results: Map<string, CachedPart>;
}

/** Bounded by entries and by characters held (the texts are kept to compare against). */
export class PartMemory {
  private readonly map = new Map<string, PartEntry>();
  private chars = 0;
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
    if (old) {
      this.chars -= old.text.length + old.header.length;
      this.map.delete(id);
    }
    this.map.set(id, e);
    this.chars += e.text.length + e.header.length;
    while (this.map.size > this.maxEntries || (this.chars > this.maxChars && this.map.size > 1)) {
      const [oldest, entry] = this.map.entries().next().value as [string, PartEntry];
      this.map.delete(oldest);
      this.chars -= entry.text.length + entry.header.length;
    }
  }

  clear(): void {
    this.map.clear();
    this.chars = 0;
  }
}
