"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";

/** Gives every <time dateTime> of the page a hover title in the reader's own time zone. */
export function LocalTimes() {
  const path = usePathname();
  useEffect(() => {
    const fmt = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
    const apply = () => {
      for (const t of document.querySelectorAll<HTMLTimeElement>("time[datetime]")) {
        const d = new Date(t.dateTime);
        if (!Number.isNaN(d.getTime())) t.title = fmt.format(d);
      }
    };
    apply();
    // Content refreshed in place (router.refresh) brings new <time> elements.
    const observer = new MutationObserver(apply);
    observer.observe(document.querySelector("main") ?? document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [path]);
  return null;
}
