"use client";

import { useEffect } from "react";

/** Gives every <time dateTime> of the page a hover title in the reader's own time zone. */
export function LocalTimes() {
  useEffect(() => {
    const fmt = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
    const apply = () => {
      for (const t of document.querySelectorAll<HTMLTimeElement>("time[datetime]")) {
        const d = new Date(t.dateTime);
        if (!Number.isNaN(d.getTime())) t.title = fmt.format(d);
      }
    };
    apply();
    // The layout stays across navigations: new pages and refreshes bring new <time> elements.
    const observer = new MutationObserver(apply);
    observer.observe(document.querySelector("main") ?? document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return null;
}
