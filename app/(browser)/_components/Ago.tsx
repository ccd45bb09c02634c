import { formatAge } from "@/lib/memories/dto";

/**
 * "3d ago" with the absolute date on hover: UTC from the server, turned into the reader's local
 * time by LocalTimes (layout) once JavaScript runs. "just now" takes no "ago".
 */
export function Ago({ at, now = Date.now(), testId }: { at: number | string; now?: number; testId?: string }) {
  const ms = typeof at === "number" ? at : Date.parse(at);
  const age = formatAge(ms, now);
  const iso = new Date(ms).toISOString();
  return (
    <time dateTime={iso} title={`${iso.replace("T", " ").slice(0, 16)} UTC`} data-testid={testId}>
      {age === "just now" ? age : `${age} ago`}
    </time>
  );
}
