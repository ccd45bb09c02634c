import type { ContextSummaryDto } from "../../lib/contracts/context";
import type { SearchOutput } from "../../lib/contracts/search";
import { RecollectClient } from "../client";
import { resolveSettings } from "../options";
import { Sidebar } from "../tui/sidebar";
import { memoryPromptText } from "../tui/search-dialog";
import { SummaryPoller } from "../tui/summary-poller";
import { createComponent } from "../tui/view";
import { createSignal } from "solid-js";

/**
 * The part of OpenCode 2's CLI plugin context (anomalyco/opencode packages/plugin/src/tui/context.ts,
 * MIT) the TUI entry uses: the slot tree (`ui.slot`), toasts, dialogs, the keymap's palette
 * commands, the router and the location.
 */
interface CliContext {
  readonly options: Readonly<Record<string, unknown>>;
  readonly location?: { directory?: string };
  readonly data?: { location?: { default(): { directory?: string } } };
  readonly theme?: unknown;
  readonly keymap?: { layer(input: () => { commands?: readonly unknown[] }): void };
  readonly ui: {
    slot(claim: { append: "sidebar.content"; render: (input: { sessionID: string }) => unknown }): () => void;
    toast: { show(options: { message: string; variant?: "info" | "success" | "warning" | "error" }): void };
    dialog: {
      prompt(options: { title: string; placeholder?: string }): Promise<string | undefined>;
      select<V>(options: { title: string; options: readonly { title: string; value: V; description?: string; disabled?: boolean }[] }): Promise<V | undefined>;
    };
    router: { current(): { type: string; sessionID?: string } };
  };
}

/**
 * Recollect's CLI plugin for OpenCode 2 (`setup` of plugin/tui.tsx's default export): the same
 * sidebar section and summary poller as in OpenCode 1 in the `sidebar.content` slot, toasts for a
 * new checkpoint and an outage, and the palette command "Recollect: search memories" (a prompt
 * dialog, then a select of the results; the chosen memory is shown, as OpenCode 2's CLI context
 * has no call that appends text to the prompt). Fails open: nothing here throws into the CLI.
 */
export function setupTuiV2(ctx: CliContext): (() => void) | undefined {
  try {
    return start(ctx);
  } catch {
    return undefined;
  }
}

function start(ctx: CliContext) {
  const options = (ctx.options ?? {}) as Record<string, unknown>;
  const nested = (options.tui ?? {}) as Record<string, unknown>;
  const flag = (name: string, dflt: boolean) =>
    (typeof nested[name] === "boolean" ? nested[name] : typeof options[name] === "boolean" ? options[name] : dflt) as boolean;
  const settings = resolveSettings(options);
  const client = new RecollectClient({ ...settings, breakerCooldownMs: Math.min(settings.breakerCooldownMs, 10_000) });
  const directory = () => ctx.location?.directory ?? ctx.data?.location?.default().directory ?? process.cwd();
  const sessionID = () => {
    const r = ctx.ui.router.current();
    return r.type === "session" ? r.sessionID : undefined;
  };
  const [summary, setSummary] = createSignal<ContextSummaryDto | undefined>(undefined);
  const poller = new SummaryPoller(client, () => ({ directory: directory(), sessionID: sessionID() }), {
    onSummary: (s) => void setSummary(s),
    onNotice: (n) => ctx.ui.toast.show({ message: n.message, variant: n.variant }),
  });
  poller.start();
  const stops: (() => void)[] = [() => poller.stop()];

  // Theme tokens of OpenCode 2 (`text.base`, `text.muted`), read defensively: a missing token is the default colour.
  const tokens = (ctx.theme ?? {}) as { text?: { base?: unknown; muted?: unknown; feedback?: { warning?: unknown } } };
  const theme = () => ({ text: tokens.text?.base, textMuted: tokens.text?.muted, warning: tokens.text?.feedback?.warning });
  if (flag("sidebar", true))
    stops.push(ctx.ui.slot({ append: "sidebar.content", render: () => createComponent(Sidebar, { summary, theme, showVersion: flag("showVersion", false) }) }));

  const search = async () => {
    const query = (await ctx.ui.dialog.prompt({ title: "Recollect: search memories", placeholder: "Search memories" }))?.trim();
    if (!query) return;
    const res = await client.post<SearchOutput>("/api/search", { directory: directory(), query: query.slice(0, 500), limit: 20 }, { timeoutMs: 3000 });
    if (!res.ok) return ctx.ui.toast.show({ message: `Recollect is unavailable: ${res.error}`, variant: "warning" });
    const hits = res.data.results ?? [];
    const chosen = await ctx.ui.dialog.select({
      title: `Recollect: ${hits.length} memories for "${query}"`,
      options: hits.map((m) => ({ title: m.content.replace(/\s+/g, " ").slice(0, 100), value: m, description: `${m.category} · ${m.scope} · ${m.age}` })),
    });
    if (chosen) ctx.ui.toast.show({ message: memoryPromptText(chosen), variant: "info" });
  };
  ctx.keymap?.layer(() => ({
    commands: [
      { id: "recollect.search", title: "Recollect: search memories", group: "Recollect", palette: true, run: () => void search().catch(() => undefined) },
    ],
  }));
  return () => {
    for (const stop of stops) stop();
  };
}
