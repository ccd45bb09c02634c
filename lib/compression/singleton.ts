/** A small LRU map (Map keeps insertion order: a hit moves the key to the end). */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}

/** Process-wide singletons (Next.js may load a module in several bundles). */
export function processSingleton<T>(name: string, create: () => T): T {
  const g = globalThis as unknown as Record<string, T | undefined>;
  const key = `__recollect_${name}`;
  return (g[key] ??= create());
}
