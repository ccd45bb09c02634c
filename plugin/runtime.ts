import type { PluginInput } from "@opencode-ai/plugin";
import { RecollectClient, type Logger } from "./client";
import type { Settings } from "./options";
import { ServerStarter } from "./server";
import { Sessions } from "./state";

/** Everything the hooks and tools share. */
export interface Runtime {
  settings: Settings;
  client: RecollectClient;
  starter: ServerStarter;
  sessions: Sessions;
  directory: string;
  opencode: PluginInput["client"] | undefined;
  log: Logger;
  /** Global stable block cache (requests without a session id). */
  stable?: { hash: string; text: string; memoryIds: string[] };
  /** When the server last answered the stable block (0: ask at the next turn). */
  stableFetchedAt: number;
  /** The model's context window, learned from `system.transform` (sent to compression). */
  contextLimit?: number;
}

export function createRuntime(settings: Settings, directory: string, opencode: PluginInput["client"] | undefined): Runtime {
  const log: Logger = (level, message) => {
    // OpenCode's own log; never awaited, never thrown.
    try {
      void opencode?.app?.log?.({ body: { service: "recollect", level, message } })?.catch?.(() => {});
    } catch {
      /* logging must not break a turn */
    }
  };
  const client = new RecollectClient(settings, log);
  const starter = new ServerStarter(client, log);
  client.onUnreachable = () => starter.ensure();
  return { settings, client, starter, sessions: new Sessions(), directory, opencode, log, stableFetchedAt: 0 };
}
