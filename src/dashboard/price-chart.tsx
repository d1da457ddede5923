import { CHART, ChartAxis, SlotLabel, slots } from "./chart-frame";

export interface PricePoint {
  date: string;
  low: number;
  high: number;
  last: number;
  currency: string;
  availability: string | null;
}

const money = (amount: number, currency: string) => `${amount.toFixed(2)} ${currency}`.trim();

/**
 * A product's or a hotel's daily prices in plain SVG, in the usage chart's frame: each day's range from its
 * lowest to its highest price as a pale bar, and its last price as a dark mark joined day to day.
 * The scale runs from a little under the lowest price to the highest, so small moves show.
 */
export function PriceChart({ points, label }: { points: PricePoint[]; label: string }) {
  const { width, height, bottom, top } = CHART;
  const lowest = Math.min(...points.map((p) => p.low));
  const highest = Math.max(...points.map((p) => p.high));
  const floor = Math.max(0, lowest - Math.max((highest - lowest) * 0.2, lowest * 0.05));
  const span = Math.max(highest - floor, 0.01);
  const y = (amount: number) => height - bottom - ((height - bottom - top) * (amount - floor)) / span;
  const { barWidth, barX } = slots(points.length);
  const currency = points[0]?.currency ?? "";
  const centre = (i: number) => barX(i) + barWidth / 2;
  // Labels for the first and last day, and a few between, so they never overlap.
  const every = Math.max(1, Math.ceil(points.length / 6));

  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={`${label}: ${points.length} day${points.length === 1 ? "" : "s"} from ${points[0]?.date} to ${points.at(-1)?.date}, lowest ${money(lowest, currency)}, highest ${money(highest, currency)}, last ${money(points.at(-1)?.last ?? 0, currency)}`}
      id="price-chart"
    >
      <ChartAxis top={highest.toFixed(2)} bottom={floor.toFixed(2)} />
      <polyline
        points={points.map((p, i) => `${centre(i)},${y(p.last)}`).join(" ")}
        fill="none"
        stroke="#2456d8"
        stroke-width="2"
      />
      {points.map((p, i) => (
        <g>
          <rect
            x={barX(i)}
            y={y(p.high)}
            width={barWidth}
            height={Math.max(1, y(p.low) - y(p.high))}
            fill="#c9d5f5"
            data-day={p.date}
            data-low={p.low}
            data-high={p.high}
          />
          <circle cx={centre(i)} cy={y(p.last)} r="3" fill="#2456d8" data-last={p.last}>
            <title>{`${p.date}: last ${money(p.last, p.currency)} (${money(p.low, p.currency)} to ${money(p.high, p.currency)})`}</title>
          </circle>
          {i % every === 0 || i === points.length - 1 ? <SlotLabel x={centre(i)}>{p.date.slice(5)}</SlotLabel> : null}
        </g>
      ))}
    </svg>
  );
}
