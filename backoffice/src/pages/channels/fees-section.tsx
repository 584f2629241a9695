// The settlement fee table: a fee per brand (* for any other brand), a percentage plus a fixed
// amount. The rows given replace the table; none removes it.

import { useRef, useState } from 'preact/hooks';
import { SectionCard, useSection, type SectionProps } from './section.js';
import type { FeeRow } from './types.js';

interface Row extends FeeRow {
  /** A key that stays with the row as rows come and go. */
  key: number;
}

export function FeesSection(props: SectionProps) {
  const state = useSection(props);
  const next = useRef(0);
  const rowsOf = (fees: readonly FeeRow[]): Row[] => fees.map((f) => ({ ...f, key: next.current++ }));
  const [rows, setRows] = useState(() => rowsOf(props.channel.settings.settlementFees));
  const addButton = useRef<HTMLButtonElement>(null);
  const submit = () =>
    state.save({ settlementFees: rows.map(({ brand, percent, fixed }) => ({ brand: brand.trim(), percent: percent.trim().replace(/%$/, ''), fixed: fixed.trim() })) }, (c) => setRows(rowsOf(c.settings.settlementFees)));
  const set = (key: number, field: keyof FeeRow, value: string) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  const remove = (key: number) => {
    setRows((rs) => rs.filter((r) => r.key !== key));
    state.edited();
    // The removed row's button is gone: the focus goes on from the add button.
    addButton.current?.focus();
  };
  const add = () => {
    setRows((rs) => [...rs, { brand: rs.length === 0 ? '*' : '', percent: '', fixed: '0.00', key: next.current++ }]);
    state.edited();
  };
  return (
    <SectionCard id="fees-title" title="Settlement fees" description="What settling a payment costs, by card brand; * is any other brand. A percentage of the amount plus a fixed amount in the payment's currency." state={state} fields={['settlementFees']} onSubmit={submit}>
      {rows.length === 0 && <p class="muted">No fees: settlement charges nothing.</p>}
      {rows.map((row, i) => {
        const problem = state.problem(`settlementFees[${i}]`);
        const errorId = `channels-fee-${row.key}-error`;
        const described = problem ? errorId : undefined;
        return (
          <fieldset key={row.key} class="fieldset channels-fee">
            <legend class="visually-hidden">Fee {i + 1}</legend>
            <div class="inline-fields">
              <div class="field">
                <label for={`channels-fee-${row.key}-brand`}>Brand</label>
                <input id={`channels-fee-${row.key}-brand`} spellcheck={false} autocapitalize="characters" aria-describedby={described} aria-invalid={Boolean(problem)} value={row.brand} onInput={(e) => set(row.key, 'brand', e.currentTarget.value)} />
              </div>
              <div class="field">
                <label for={`channels-fee-${row.key}-percent`}>Percent</label>
                <input id={`channels-fee-${row.key}-percent`} inputMode="decimal" aria-describedby={described} aria-invalid={Boolean(problem)} value={row.percent} onInput={(e) => set(row.key, 'percent', e.currentTarget.value)} />
              </div>
              <div class="field">
                <label for={`channels-fee-${row.key}-fixed`}>Fixed amount</label>
                <input id={`channels-fee-${row.key}-fixed`} inputMode="decimal" aria-describedby={described} aria-invalid={Boolean(problem)} value={row.fixed} onInput={(e) => set(row.key, 'fixed', e.currentTarget.value)} />
              </div>
              <div>
                <button type="button" class="button button-quiet" onClick={() => remove(row.key)}>
                  Remove<span class="visually-hidden"> fee {i + 1}</span>
                </button>
              </div>
            </div>
            {problem && (
              <p class="field-error" id={errorId}>
                {problem}
              </p>
            )}
          </fieldset>
        );
      })}
      <div>
        <button type="button" class="button" ref={addButton} onClick={add}>
          Add a fee
        </button>
      </div>
    </SectionCard>
  );
}
