import fs from "node:fs";
import { Session } from "node:inspector/promises";

/** This process's CPU time so far (user + system), in milliseconds. */
export function ownCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** The number after `flag` on the command line, or `fallback`. */
export function numberArg(args: string[], flag: string, fallback: number): number {
  return Number(args[args.indexOf(flag) + 1]) || fallback;
}

/**
 * A sampling CPU profile of this process, written as a .cpuprofile to `file` on stop (for Chrome's
 * DevTools); without a file both steps do nothing, so a bench can call them unconditionally.
 */
export function cpuProfiler(file: string | undefined) {
  const session = file ? new Session() : undefined;
  return {
    async start(): Promise<void> {
      if (!session) return;
      session.connect();
      await session.post("Profiler.setSamplingInterval", { interval: 100 });
      await session.post("Profiler.enable");
      await session.post("Profiler.start");
    },
    async stop(): Promise<void> {
      if (!session || !file) return;
      const { profile } = await session.post("Profiler.stop");
      fs.writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
