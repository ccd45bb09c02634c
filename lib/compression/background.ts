import type { Ctx } from "../ctx";
import { purgeExpiredCompression } from "./compressed-originals";

const PURGE_EVERY_MS = 60 * 60 * 1000;

/** Deletes expired compressed originals and cache rows shortly after start and then hourly; never blocks a request. */
export function startCompressionPurge(ctx: Ctx): void {
  const run = () => {
    try {
      purgeExpiredCompression(ctx);
    } catch (error) {
      console.warn("[recollect] compression purge failed:", (error as Error).message);
    }
  };
  setTimeout(run, 5_000).unref();
  setInterval(run, PURGE_EVERY_MS).unref();
}
