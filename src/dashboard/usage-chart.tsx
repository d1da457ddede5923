import type { DailyCalls } from "../durable/daily-usage";
import { CHART, ChartAxis, SlotLabel, slots } from "./chart-frame";

/**
 * Calls per day as a bar chart in plain SVG, drawn on the server so the page needs no script: the
 * calls charged to the month in full colour, in front of a pale bar of all calls attempted (the
 * difference gave their unit back: errors and empty answers, see docs/charging.md).
 */
export function UsageChart({ days }: { days: DailyCalls[] }) {
  const { width, height, bottom, top } = CHART;
  const max = Math.max(1, ...days.map((d) => Math.max(d.attempted, d.charged)));
  const { barWidth, barX } = slots(days.length);
  const scale = (count: number) => ((height - bottom - top) * count) / max;
  const charged = days.reduce((sum, d) => sum + d.charged, 0);
  const attempted = days.reduce((sum, d) => sum + d.attempted, 0);

  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={`Requests per day this month: ${charged} charged of ${attempted} attempted, at most ${max} on one day`}
      id="usage-chart"
    >
      <ChartAxis top={String(max)} bottom="0" />
      {days.map((d, i) => {
        const x = barX(i);
        const dayOfMonth = Number(d.day.slice(8));
        return (
          <g>
            <rect
              x={x}
              y={height - bottom - scale(d.attempted)}
              width={barWidth}
              height={scale(d.attempted)}
              fill="#c9d5f5"
              class="attempted"
            />
            <rect
              x={x}
              y={height - bottom - scale(d.charged)}
              width={barWidth}
              height={scale(d.charged)}
              fill="#2456d8"
              data-day={d.day}
              data-count={d.charged}
              data-attempted={d.attempted}
            >
              <title>{`${d.day}: ${d.charged} charged of ${d.attempted} attempted`}</title>
            </rect>
            {dayOfMonth === 1 || dayOfMonth % 5 === 0 ? <SlotLabel x={x + barWidth / 2}>{dayOfMonth}</SlotLabel> : null}
          </g>
        );
      })}
    </svg>
  );
}
