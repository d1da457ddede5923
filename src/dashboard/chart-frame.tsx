// What the dashboard's SVG charts share (drawn on the server, no script, no library): the frame's
// size and margins, the base line, the value labels on the left and the day labels below.
import type { Child } from "hono/jsx";

export const CHART = { width: 620, height: 200, left: 48, bottom: 24, top: 12 } as const;
const INK = "#4a5263";

/** The value axis's top and bottom labels, and the base line the bars stand on. */
export function ChartAxis({ top, bottom }: { top: string; bottom: string }) {
  const { width, height, left } = CHART;
  return (
    <>
      <line x1={left} y1={height - CHART.bottom} x2={width} y2={height - CHART.bottom} stroke="#8a93a3" />
      <text x={left - 6} y={CHART.top + 4} text-anchor="end" font-size="11" fill={INK}>
        {top}
      </text>
      <text x={left - 6} y={height - CHART.bottom} text-anchor="end" font-size="11" fill={INK}>
        {bottom}
      </text>
    </>
  );
}

/** A label under the slot centred at `x`. */
export const SlotLabel = ({ x, children }: { x: number; children: Child }) => (
  <text x={x} y={CHART.height - 8} text-anchor="middle" font-size="11" fill={INK}>
    {children}
  </text>
);

/** Slots for `count` bars across the frame: each slot's width and the bar's inside it. */
export function slots(count: number) {
  const slot = (CHART.width - CHART.left) / Math.max(1, count);
  const barWidth = Math.max(2, slot * 0.7);
  return { slot, barWidth, barX: (i: number) => CHART.left + i * slot + (slot - barWidth) / 2 };
}
