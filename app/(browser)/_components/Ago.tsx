import { formatAge } from "@/lib/memories/dto";
import { when } from "./ui";

/**
 * "3d ago" with the absolute date on hover, in UTC like every date the browser shows (one time
 * zone everywhere, the same with JavaScript off). "just now" takes no "ago".
 */
export function Ago({ at, now = Date.now(), testId }: { at: number | string; now?: number; testId?: string }) {
  const ms = typeof at === "number" ? at : Date.parse(at);
  const age = formatAge(ms, now);
  const iso = new Date(ms).toISOString();
  return (
    <time dateTime={iso} title={when(ms)} data-testid={testId}>
      {age === "just now" ? age : `${age} ago`}
    </time>
  );
}
