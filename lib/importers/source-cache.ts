import type { ForeignData } from "./types";

/**
 * A foreign tool's data as read for the previous batch of an import, keyed by tool, path, size and
 * modification time (`ctx.services.importSource`, lib/importers/import-from-tool.ts).
 */
export interface ImportSourceCache {
  key: string;
  data: ForeignData | null;
}
