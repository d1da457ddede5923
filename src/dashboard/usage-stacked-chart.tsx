import type { EndpointUsageRow } from "../durable/account-meter";

/** One hue per endpoint group; 2xx in the full colour, 4xx lighter, 5xx darker. */
const GROUP_COLOURS: Record<string, [string, string, string]> = {
  catalogue: ["#2456d8", "#8fa9ee", "#12307a"],
  products: ["#1b7f5a", "#86c9ad", "#0c4631"],
  travel: ["#b35c00", "#e9b27a", "#663400"],
  events: ["#7a3fb8", "#c3a3e4", "#43206a"],
  keys: ["#4a5263", "#a9b0bd", "#1d2330"],
};
const OTHER: [string, string, string] = ["#a3476b", "#dca4ba", "#5e2139"];
const STATUS_CLASSES = ["2xx", "3xx", "4xx", "5xx"];

export function seriesColour(group: string, statusClass: string): string {
  const [ok, client, server] = GROUP_COLOURS[group] ?? OTHER;
  return statusClass === "5xx" ? server : statusClass === "4xx" ? client : ok;
}

export interface Series {
  group: string;
  statusClass: string;
}
const seriesKey = (s: Series) => `${s.group} ${s.statusClass}`;

/** The series present in the rows, grouped by endpoint group, then by status class. */
export function seriesOf(rows: EndpointUsageRow[]): Series[] {
  const seen = new Map<string, Series>();
  for (const row of rows) seen.set(seriesKey(row), { group: row.group, statusClass: row.statusClass });
  return [...seen.values()].sort(
    (a, b) =>
      a.group.localeCompare(b.group) || STATUS_CLASSES.indexOf(a.statusClass) - STATUS_CLASSES.indexOf(b.statusClass),
  );
}

/** Calls per day stacked by endpoint group and status class, drawn on the server in plain SVG. */
export function StackedUsageChart({ days, rows }: { days: string[]; rows: EndpointUsageRow[] }) {
  const width = 620;
  const height = 220;
  const left = 40;
  const bottom = 24;
  const top = 12;
  const series = seriesOf(rows);
  const cell = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.day} ${seriesKey(row)}`;
    cell.set(key, (cell.get(key) ?? 0) + row.count);
  }
  const dayTotal = (day: string) => series.reduce((sum, s) => sum + (cell.get(`${day} ${seriesKey(s)}`) ?? 0), 0);
  const max = Math.max(1, ...days.map(dayTotal));
  const total = days.reduce((sum, day) => sum + dayTotal(day), 0);
  const slot = (width - left) / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.7);
  const scale = (count: number) => ((height - bottom - top) * count) / max;
  return (
    <>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        role="img"
        aria-label={`Calls per day this month by endpoint group and status: ${total} in total, at most ${max} on one day; the table below lists the figures`}
        id="endpoint-chart"
      >
        <line x1={left} y1={height - bottom} x2={width} y2={height - bottom} stroke="#8a93a3" />
        <text x={left - 6} y={top + 4} text-anchor="end" font-size="11" fill="#4a5263">
          {max}
        </text>
        <text x={left - 6} y={height - bottom} text-anchor="end" font-size="11" fill="#4a5263">
          0
        </text>
        {days.map((day, i) => {
          const x = left + i * slot + (slot - barWidth) / 2;
          let y = height - bottom;
          const dayOfMonth = Number(day.slice(8));
          return (
            <g data-day={day} data-total={dayTotal(day)}>
              {series.map((s) => {
                const count = cell.get(`${day} ${seriesKey(s)}`) ?? 0;
                if (count === 0) return null;
                const h = scale(count);
                y -= h;
                return (
                  <rect
                    x={x}
                    y={y}
                    width={barWidth}
                    height={h}
                    fill={seriesColour(s.group, s.statusClass)}
                    data-series={seriesKey(s)}
                    data-count={count}
                  >
                    <title>{`${day} ${seriesKey(s)}: ${count}`}</title>
                  </rect>
                );
              })}
              {dayOfMonth === 1 || dayOfMonth % 5 === 0 ? (
                <text x={x + barWidth / 2} y={height - 8} text-anchor="middle" font-size="11" fill="#4a5263">
                  {dayOfMonth}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <ul class="legend" aria-label="Chart legend">
        {series.map((s) => (
          <li>
            <svg width="14" height="14" aria-hidden="true" class="swatch">
              <rect width="14" height="14" rx="2" fill={seriesColour(s.group, s.statusClass)} />
            </svg>
            {s.group} {s.statusClass}
          </li>
        ))}
      </ul>
    </>
  );
}
