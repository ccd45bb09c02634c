import type { TuiDialogSelectProps, TuiPluginApi } from "@opencode-ai/plugin/tui";
import { createSignal } from "solid-js";
import type { SearchOutput } from "../../lib/contracts/search";
import type { RecollectClient } from "../client";
import { createComponent } from "./view";

type Hit = SearchOutput["results"][number];

/** The text a chosen memory puts into the prompt. */
export const memoryPromptText = (m: Pick<Hit, "id" | "category" | "content">) => `[memory ${m.id} (${m.category})] ${m.content.replace(/\s+/g, " ").trim()} `;

/**
 * "Recollect: search memories": a dialog whose results follow what the user types (one search per
 * pause in typing); choosing a memory appends it to the prompt.
 */
export function openSearchDialog(api: TuiPluginApi, client: RecollectClient, directory: () => string) {
  const [options, setOptions] = createSignal<Array<{ title: string; value: Hit | null; description?: string; disabled?: boolean }>>([]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest = 0;
  const search = (query: string) => {
    if (timer) clearTimeout(timer);
    const q = query.trim();
    if (!q) return void setOptions([]);
    timer = setTimeout(async () => {
      const mine = ++latest;
      const res = await client.post<SearchOutput>("/api/search", { directory: directory(), query: q.slice(0, 500), limit: 20 }, { timeoutMs: 3000 });
      if (mine !== latest) return; // an older answer after a newer question
      if (!res.ok) return void setOptions([{ title: "Recollect is unavailable", value: null, description: res.error, disabled: true }]);
      const hits = res.data.results ?? [];
      setOptions(
        hits.length
          ? hits.map((m) => ({
              title: (m.title ? `${m.title}: ` : "") + m.content.replace(/\s+/g, " ").slice(0, 100),
              value: m,
              description: `${m.category} · ${m.scope} · ${m.age}`,
            }))
          : [{ title: `No memory matches "${q}"`, value: null, disabled: true }],
      );
    }, 150);
  };
  api.ui.dialog.replace(() =>
    createComponent(api.ui.DialogSelect as (props: TuiDialogSelectProps<Hit | null>) => unknown, {
      title: "Recollect: search memories",
      placeholder: "Search memories",
      skipFilter: true,
      get options() {
        return options();
      },
      onFilter: search,
      onSelect(option: { value: Hit | null }) {
        if (!option.value) return;
        void api.client.tui.appendPrompt({ text: memoryPromptText(option.value) }).catch(() => {});
        api.ui.dialog.clear();
      },
    }),
  );
}
