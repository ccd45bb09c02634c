"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";

/**
 * Inside a GET filter form: a changed select applies at once, and every apply goes to a clean URL
 * (no empty parameters). Without JavaScript the form still works with its Apply button.
 */
export function FilterAutoApply({ action }: { action: string }) {
  const router = useRouter();
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const form = marker.current?.closest("form");
    if (!form) return;
    const go = () => {
      const query = new URLSearchParams();
      for (const [k, v] of new FormData(form)) if (typeof v === "string" && v.trim() !== "") query.set(k, v);
      const qs = query.toString();
      router.push(qs ? `${action}?${qs}` : action);
    };
    const onSubmit = (e: SubmitEvent) => {
      e.preventDefault();
      e.stopPropagation();
      go();
    };
    const onChange = (e: Event) => {
      if (e.target instanceof HTMLSelectElement) go();
    };
    form.addEventListener("submit", onSubmit);
    form.addEventListener("change", onChange);
    return () => {
      form.removeEventListener("submit", onSubmit);
      form.removeEventListener("change", onChange);
    };
  }, [action, router]);
  return <span ref={marker} hidden />;
}
