/**
 * The one place process-wide state is kept. Next.js loads a lib/ module once per bundle (the
 * proxy, each route, the pages), so a module-level variable would exist several times in one
 * process; a value kept here exists once. Everything that belongs to a database lives in the
 * services object on Ctx (lib/services.ts), reached from the one boot state kept here.
 */
export function processSingleton<T>(name: string, create: () => T): T {
  const g = globalThis as unknown as Record<string, T | undefined>;
  const key = `__recollect_${name}`;
  return (g[key] ??= create());
}

/** The value kept under `name`, without creating it (the front gate reads the booted state). */
export function peekProcessSingleton<T>(name: string): T | undefined {
  return (globalThis as unknown as Record<string, T | undefined>)[`__recollect_${name}`];
}
