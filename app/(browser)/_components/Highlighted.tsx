import type { Segment } from "@/lib/views/highlight";

export function Highlighted({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.hit ? (
          <mark key={i} data-testid="hit" className="rounded-sm bg-amber-200 px-0.5 text-inherit dark:bg-amber-600/50">
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}
