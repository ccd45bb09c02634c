import type { Config } from "../config";

/**
 * The body limit of a route, and what sets it (named in the 413). Three sizes (docs/security.md,
 * "Request bodies"): a route that takes a few fields has the small limit; the ones that take
 * content (memories, search, exports, bulk edits) `server.bodyLimitBytes`; the ones that take a
 * session history or a whole file `server.historyBodyLimitBytes`.
 */
export interface BodyLimit {
  bytes: number;
  setting: string;
}

/**
 * Routes of a few fields (sessions, claims, loops, projects, team, maintenance, paths to read).
 * The largest such body, a loop's 50,000-character task with every character escaped as
 * `\uXXXX`, is 300 KB; nothing bigger is a real request there.
 */
export const SMALL_BODY_LIMIT: BodyLimit = { bytes: 512 * 1024, setting: "a route of a few fields" };

export const historyBodyLimit = (config: Pick<Config, "server">): BodyLimit => ({
  bytes: config.server.historyBodyLimitBytes,
  setting: "server.historyBodyLimitBytes",
});

/** A bare number is `server.bodyLimitBytes` (or a limit its caller names). */
export const asBodyLimit = (limit: number | BodyLimit): BodyLimit => (typeof limit === "number" ? { bytes: limit, setting: "server.bodyLimitBytes" } : limit);
