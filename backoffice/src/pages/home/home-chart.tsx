// The chart of the 30 days: successful payments (bars) and declined ones (a line) per UTC day, drawn by uPlot (a small
// maintained chart library, loaded with this page's chunk only). Its box has its height in the
// style sheet before anything is drawn, and the canvas is made at the box's size, so nothing on the
// page moves when it appears; it follows the box's width as the window changes. The chart is a
// picture for sighted people (role img, with a summary as its name); the same figures are in the
// table beside it (home-days-table.tsx).

import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'preact/hooks';
import { dayStart, formatCount, formatShortDay } from './home-format.js';
import type { HomeDay } from './types.js';

/** The canvas's height in CSS pixels; the box's in the style sheet (.home-chart) is the same. */
export const CHART_HEIGHT = 220;

function token(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** Half a day in seconds (uPlot's time unit): the first and the last day's bars are drawn whole. */
const HALF_DAY_S = 43_200;

/** Bars a little narrower than a day, at most 28 px wide. */
const bars = uPlot.paths.bars?.({ size: [0.6, 28] });

function optionsOf(width: number): uPlot.Options {
  const muted = token('--muted', '#56606e');
  const line = token('--line', '#dfe4ea');
  const ok = token('--ok', '#116329');
  const axis = { stroke: muted, grid: { stroke: line, width: 1 }, ticks: { stroke: line, width: 1 } };
  return {
    width,
    height: CHART_HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: { x: { time: true, range: (_u, min, max) => [min - HALF_DAY_S, max + HALF_DAY_S] }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] } },
    axes: [
      { ...axis, space: 56, values: (_u, splits) => splits.map((s) => formatShortDay(s * 1000)) },
      { ...axis, size: 48, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000], values: (_u, splits) => splits.map(formatCount) },
    ],
    series: [
      {},
      // Bars and a line: a day with as many declines as successes still shows both.
      { label: 'Successful', stroke: ok, width: 1, fill: `${ok}66`, paths: bars, points: { show: false } },
      { label: 'Declined', stroke: token('--bad', '#b42318'), width: 2, points: { size: 6, fill: token('--bad', '#b42318') } },
    ],
  };
}

export function HomeChart({ days, summary }: { days: readonly HomeDay[]; summary: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const data: uPlot.AlignedData = [days.map((d) => dayStart(d.day) / 1000), days.map((d) => d.succeeded), days.map((d) => d.declined)];
    const plot = new uPlot(optionsOf(el.clientWidth), data, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: CHART_HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days]);
  return <div class="home-chart" ref={box} role="img" aria-label={summary} />;
}
