// The chart's figures as a table: what a screen reader reads instead of the picture, and what
// anyone opens to read a day's exact numbers.

import { formatCount, formatLongDay, formatTotals } from './home-format.js';
import type { HomeDay } from './types.js';

export function HomeDaysTable({ days }: { days: readonly HomeDay[] }) {
  return (
    <details class="home-days">
      <summary>The 30 days as a table</summary>
      <div class="home-scroll">
        <table class="table compact home-table">
          <caption class="visually-hidden">Payments per day (UTC days), newest first</caption>
          <thead>
            <tr>
              <th scope="col">Day (UTC)</th>
              <th scope="col" class="num">Successful</th>
              <th scope="col" class="num">Declined</th>
              <th scope="col" class="num">Volume</th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((d) => (
              <tr key={d.day}>
                <th scope="row">{formatLongDay(d.day)}</th>
                <td class="num" data-label="Successful">{formatCount(d.succeeded)}</td>
                <td class="num" data-label="Declined">{formatCount(d.declined)}</td>
                <td class="num" data-label="Volume">{formatTotals(d.volume)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
