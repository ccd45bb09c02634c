import type { TuiPlugin, TuiPluginApi } from "@opencode-ai/plugin/tui";
import type { ContextSummaryDto } from "../lib/contracts/context";
import { RecollectClient } from "./client";
import { resolveSettings } from "./options";
import { openSearchDialog } from "./tui/search-dialog";
import { Sidebar } from "./tui/sidebar";
import { createComponent } from "./tui/view";
import { SummaryPoller } from "./tui/summary-poller";
import { createSignal } from "solid-js";

/**
 * Recollect's TUI plugin (loaded from `tui.json`): a sidebar section fed by one summary request
 * every few seconds, the palette entry "Recollect: search memories", and toasts for a new
 * checkpoint and for the server going away (once). It fails open: no server, no section, no error.
 * Options: those of the server plugin (url, dataDir), plus `sidebar` and `showVersion`, also
 * accepted as `tui: { sidebar, showVersion }`.
 */
const tui: TuiPlugin = async (api, options) => {
  try {
    start(api, options ?? {});
  } catch {
    /* a TUI plugin must never break the TUI */
  }
};

function start(api: TuiPluginApi, options: Record<string, unknown>) {
  const nested = (options.tui ?? {}) as Record<string, unknown>;
  const flag = (name: string, dflt: boolean) =>
    (typeof nested[name] === "boolean" ? nested[name] : typeof options[name] === "boolean" ? options[name] : dflt) as boolean;
  const settings = resolveSettings(options);
  const client = new RecollectClient({ ...settings, breakerCooldownMs: Math.min(settings.breakerCooldownMs, 10_000) });
  const directory = () => api.state.path.directory;
  const sessionID = () => {
    const route = api.route.current;
    return route.name === "session" ? (route.params as { sessionID?: string } | undefined)?.sessionID : undefined;
  };

  const [summary, setSummary] = createSignal<ContextSummaryDto | undefined>(undefined);
  const poller = new SummaryPoller(client, () => ({ directory: directory(), sessionID: sessionID() }), {
    onSummary: (s) => void setSummary(s),
    onNotice: (n) => api.ui.toast({ message: n.message, variant: n.variant }),
  });
  poller.start();
  api.lifecycle.onDispose(() => poller.stop());

  if (flag("sidebar", true)) {
    api.slots.register({
      order: 150,
      slots: {
        sidebar_content() {
          return createComponent(Sidebar, { summary, theme: () => api.theme.current, showVersion: flag("showVersion", false) });
        },
      },
    });
  }

  api.command?.register(() => [
    {
      title: "Recollect: search memories",
      value: "recollect.search",
      category: "Recollect",
      onSelect: () => openSearchDialog(api, client, directory),
    },
  ]);
}

/**
 * OpenCode 1 reads `tui`; OpenCode 2's CLI reads `id` and `setup` (plugin/v2/tui.tsx, imported
 * only when OpenCode 2 calls it: OpenCode 1's TUI loads exactly the modules it loaded before).
 */
const setup = async (ctx: Parameters<typeof import("./v2/tui").setupTuiV2>[0]) => {
  try {
    return (await import("./v2/tui")).setupTuiV2(ctx);
  } catch {
    return undefined;
  }
};

export default { id: "recollect", tui, setup };
