"use client";

import { type ActivityDay, activityTotals } from "@/lib/metrics/activity";
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/** The dashboard's charts (recharts). Each has a text summary for screen readers. */
const axis = { fontSize: 11, fill: "currentColor" };
const tooltipStyle = { contentStyle: { background: "var(--chart-tooltip-bg, #18181b)", border: "none", borderRadius: 6, color: "#fafafa", fontSize: 12 } };
/** "Nov 3" for a UTC day key ("2026-11-03"); the axis needs no year, the caption gives the range. */
const short = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
/** "12K", "1.2M" on the axes; full numbers with separators in tooltips. */
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const tick = (n: number) => compact.format(n);
const full = (n: unknown) => (typeof n === "number" ? n.toLocaleString("en-US") : String(n));
const range = (data: { day: string }[]) => (data.length ? `${short(data[0].day)} – ${short(data[data.length - 1].day)}` : "");

function Frame({
  label,
  summary,
  children,
  testId,
  period,
  empty,
  showSummary,
}: {
  label: string;
  summary: string;
  children: React.ReactElement;
  testId: string;
  period?: string;
  /** Said in place of the chart when there is nothing to draw (an empty chart reads as broken). */
  empty?: string;
  /** Shows the summary under the chart too (where the lines alone do not say what they count). */
  showSummary?: boolean;
}) {
  return (
    <figure
      data-testid={testId}
      className="rounded-lg border border-zinc-200 bg-white p-4 text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400"
    >
      <figcaption className="mb-2 text-sm font-semibold text-zinc-700 dark:text-zinc-300">
        {label}
        {period ? (
          <span className="ml-2 text-xs font-normal text-zinc-600 dark:text-zinc-400" data-testid="chart-period">
            {period}
          </span>
        ) : null}
      </figcaption>
      {empty ? (
        <p data-testid="chart-empty" className="flex h-52 w-full items-center justify-center text-center text-sm text-zinc-600 dark:text-zinc-400">
          {empty}
        </p>
      ) : (
        <div role="img" aria-label={`${label}: ${summary}`} className="h-52 w-full">
          <ResponsiveContainer width="100%" height="100%" minWidth={0}>
            {children}
          </ResponsiveContainer>
        </div>
      )}
      {showSummary ? (
        <p data-testid={`${testId}-summary`} className="mt-2 text-xs text-zinc-700 dark:text-zinc-300">
          {summary}.
        </p>
      ) : null}
    </figure>
  );
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

export function MemoriesOverTime({ data }: { data: { day: string; created: number }[] }) {
  let running = 0;
  const rows = data.map((d) => ({ ...d, cumulative: (running += d.created) }));
  return (
    <Frame
      testId="chart-memories"
      label="Memories created per day"
      period={range(data)}
      summary={`${full(sum(data.map((d) => d.created)))} in ${data.length} days`}
      empty={sum(data.map((d) => d.created)) === 0 ? "No memories created in these days." : undefined}
    >
      <AreaChart data={rows} margin={{ top: 5, right: 8, left: -16, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.2} />
        <XAxis dataKey="day" tickFormatter={short} tick={axis} minTickGap={16} />
        <YAxis allowDecimals={false} tick={axis} tickFormatter={tick} />
        <Tooltip {...tooltipStyle} formatter={full} labelFormatter={(l) => (typeof l === "string" && /^\d{4}-\d\d-\d\d$/.test(l) ? short(l) : String(l))} />
        <Area type="monotone" dataKey="created" name="created" stroke="#6366f1" fill="#6366f1" fillOpacity={0.25} isAnimationActive={false} />
      </AreaChart>
    </Frame>
  );
}

export function TokensSavedPerDay({ data }: { data: { day: string; saved: number; after: number; before: number }[] }) {
  return (
    <Frame
      testId="chart-compression-day"
      label="Tokens saved by compression per day"
      period={range(data)}
      summary={`${sum(data.map((d) => d.saved)).toLocaleString("en-US")} tokens saved`}
      empty={sum(data.map((d) => d.before)) === 0 ? "No compression runs in these days: the plugin compresses long sessions." : undefined}
    >
      <BarChart data={data} margin={{ top: 5, right: 8, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.2} />
        <XAxis dataKey="day" tickFormatter={short} tick={axis} minTickGap={16} />
        <YAxis tick={axis} tickFormatter={tick} />
        <Tooltip {...tooltipStyle} formatter={full} labelFormatter={(l) => (typeof l === "string" && /^\d{4}-\d\d-\d\d$/.test(l) ? short(l) : String(l))} />
        <Legend wrapperStyle={{ fontSize: 11 }} />
        <Bar dataKey="after" name="sent" stackId="t" fill="#a1a1aa" isAnimationActive={false} />
        <Bar dataKey="saved" name="saved" stackId="t" fill="#10b981" isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}

export function TokensSavedPerSession({ data }: { data: { sessionId: string; saved: number; runs: number }[] }) {
  const rows = data.map((d) => ({ ...d, session: d.sessionId.length > 14 ? `${d.sessionId.slice(0, 12)}…` : d.sessionId }));
  return (
    <Frame
      testId="chart-compression-session"
      label="Tokens saved per session (top 10)"
      summary={rows.map((r) => `${r.sessionId}: ${r.saved}`).join(", ") || "none"}
      empty={rows.length === 0 ? "No session has had tokens saved by compression yet." : undefined}
    >
      <BarChart data={rows} layout="vertical" margin={{ top: 5, right: 8, left: 8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.2} />
        <XAxis type="number" tick={axis} tickFormatter={tick} />
        <YAxis type="category" dataKey="session" width={96} tick={axis} />
        <Tooltip {...tooltipStyle} formatter={full} labelFormatter={(l) => (typeof l === "string" && /^\d{4}-\d\d-\d\d$/.test(l) ? short(l) : String(l))} />
        <Bar dataKey="saved" name="tokens saved" fill="#10b981" maxBarSize={28} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}

/**
 * The agent's searches, the blocks delivered into its context and its recalls, per day: each line
 * counts events, and the summary under the chart says how many memories they returned or carried
 * (lib/metrics/activity.ts; /api/stats `activity` has the same totals).
 */
export function SearchesAndInjections({ data }: { data: ActivityDay[] }) {
  const t = activityTotals(data);
  const summary = `${full(t.searches)} searches returned ${full(t.memoriesReturned)} memories; ${full(t.deliveries)} deliveries injected ${full(t.memoriesInjected)} memories; ${full(t.recalls)} recalls returned ${full(t.memoriesRecalled)} memories`;
  const empty = t.searches + t.deliveries + t.recalls === 0;
  return (
    <Frame
      testId="chart-access"
      label="Agent searches, deliveries and recalls per day"
      period={range(data)}
      summary={summary}
      empty={empty ? "No searches, deliveries or recalls by the agent in these days." : undefined}
      showSummary
    >
      <LineChart data={data} margin={{ top: 5, right: 8, left: -16, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.2} />
        <XAxis dataKey="day" tickFormatter={short} tick={axis} minTickGap={16} />
        <YAxis allowDecimals={false} tick={axis} tickFormatter={tick} />
        <Tooltip {...tooltipStyle} formatter={full} labelFormatter={(l) => (typeof l === "string" && /^\d{4}-\d\d-\d\d$/.test(l) ? short(l) : String(l))} />
        <Legend wrapperStyle={{ fontSize: 11 }} />
        <Line type="monotone" dataKey="searches" name="searches" stroke="#6366f1" dot={false} isAnimationActive={false} />
        <Line type="monotone" dataKey="deliveries" name="deliveries" stroke="#f59e0b" dot={false} isAnimationActive={false} />
        <Line type="monotone" dataKey="recalls" name="recalls" stroke="#0ea5e9" dot={false} isAnimationActive={false} />
      </LineChart>
    </Frame>
  );
}
