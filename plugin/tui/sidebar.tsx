import { Show } from "solid-js";
import type { ContextSummaryDto } from "../../lib/contracts/context";
import { loopState, shortAge } from "../commands/memory";
import { createComponent, h } from "./view";

export interface SidebarTheme {
  text: unknown;
  textMuted: unknown;
  warning: unknown;
}

/** The sidebar's lines for a summary (pure: the tmux test reads exactly these). */
export function sidebarLines(s: ContextSummaryDto): Array<[label: string, value: string]> {
  const cp = s.lastCheckpoint;
  return [
    ["search", s.searchMode],
    ["memories", String(s.memories.project)],
    ["pinned", `${s.pinned.count} (${s.pinned.tokens} tok)`],
    ["checkpoint", cp ? `${shortAge(cp.ageSeconds)} ago` : "none"],
    ["saved", `${s.tokensSaved} tok`],
    ["inbox", String(s.inbox)],
    ...(s.loopsRunning ? ([["loops", `${s.loopsRunning} running`]] as Array<[string, string]>) : []),
    // One line per running loop under the count: its slug (cut to fit the sidebar), phase, iteration.
    ...(s.loops ?? []).map((l): [string, string] => [` ${l.slug.slice(0, 20)}`, loopState(l)]),
  ];
}

/** The Recollect section of the session sidebar: nothing at all while the server does not answer. */
export function Sidebar(props: { summary: () => ContextSummaryDto | undefined; theme: () => SidebarTheme; showVersion: boolean }) {
  return createComponent(Show, {
    get when() {
      return props.summary();
    },
    get children() {
      const title = h("text", { fg: () => props.theme().text }, h("b", {}, "Recollect"), props.showVersion ? () => ` ${props.summary()?.version ?? ""}` : null);
      const rows = h("box", { flexDirection: "column" }, () =>
        sidebarLines(props.summary()!).map(([label, value]) => h("text", { fg: () => props.theme().textMuted }, `${label.padEnd(10)} ${value}`)),
      );
      return h("box", { flexDirection: "column" }, title, rows);
    },
  });
}
