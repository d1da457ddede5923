/** Requests per day as a bar chart in plain SVG, drawn on the server so the page needs no script. */
export function UsageChart({ days }: { days: { day: string; count: number }[] }) {
  const width = 620;
  const height = 200;
  const left = 40;
  const bottom = 24;
  const top = 12;
  const max = Math.max(1, ...days.map((d) => d.count));
  const slot = (width - left) / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.7);
  const scale = (count: number) => ((height - bottom - top) * count) / max;
  const total = days.reduce((sum, d) => sum + d.count, 0);

  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={`Requests per day this month: ${total} in total, at most ${max} on one day`}
      id="usage-chart"
    >
      <line x1={left} y1={height - bottom} x2={width} y2={height - bottom} stroke="#8a93a3" />
      <text x={left - 6} y={top + 4} text-anchor="end" font-size="11" fill="#4a5263">
        {max}
      </text>
      <text x={left - 6} y={height - bottom} text-anchor="end" font-size="11" fill="#4a5263">
        0
      </text>
      {days.map((d, i) => {
        const x = left + i * slot + (slot - barWidth) / 2;
        const barHeight = scale(d.count);
        const dayOfMonth = Number(d.day.slice(8));
        return (
          <g>
            <rect
              x={x}
              y={height - bottom - barHeight}
              width={barWidth}
              height={barHeight}
              fill="#2456d8"
              data-day={d.day}
              data-count={d.count}
            >
              <title>{`${d.day}: ${d.count} requests`}</title>
            </rect>
            {dayOfMonth === 1 || dayOfMonth % 5 === 0 ? (
              <text x={x + barWidth / 2} y={height - 8} text-anchor="middle" font-size="11" fill="#4a5263">
                {dayOfMonth}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
