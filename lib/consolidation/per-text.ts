/**
 * Per-text results of the costlier steps (sentence segmentation, tokenizing, value extraction),
 * kept for the texts of a run: a run asks them for the same memories pair after pair (a memory
 * is in many candidate pairs). Cleared past 20,000 texts (a run goes placement by placement, so
 * what is asked again is recent). Callers must not change what they get back.
 */
export function perText<T>(compute: (text: string) => T): (text: string) => T {
  const cache = new Map<string, T>();
  return (text) => {
    let value = cache.get(text);
    if (value === undefined && !cache.has(text)) {
      if (cache.size >= 20_000) cache.clear();
      value = compute(text);
      cache.set(text, value);
    }
    return value as T;
  };
}
