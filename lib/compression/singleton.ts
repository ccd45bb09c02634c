/** Process-wide singletons (Next.js may load a module in several bundles). */
export function processSingleton<T>(name: string, create: () => T): T {
  const g = globalThis as unknown as Record<string, T | undefined>;
  const key = `__recollect_${name}`;
  return (g[key] ??= create());
}
