import { describe, expect, it } from 'vitest';
import { runVeto, type VetoEvent } from './veto.js';

type Form = { id: string };
const form: Form = { id: 'f' };
const veto = (cb: ((this: Form, e: VetoEvent<Form>) => unknown) | null) => runVeto(cb, form).proceed;

describe('onBeforeSubmit* veto rule', () => {
  it('no callback proceeds', () => expect(veto(null)).toBe(true));
  it('false blocks', () => expect(veto(() => false)).toBe(false));
  it('true proceeds even after preventDefault()', () =>
    expect(
      veto((e) => {
        e.preventDefault();
        return true;
      }),
    ).toBe(true));
  it('undefined proceeds', () => expect(veto(() => undefined)).toBe(true));
  it('undefined after preventDefault() blocks', () =>
    expect(
      veto((e) => {
        e.preventDefault();
      }),
    ).toBe(false));
  it('other values count as undefined', () => {
    expect(veto(() => 0)).toBe(true);
    expect(veto(() => 'no')).toBe(true);
  });
  it('this and event.target are the form', () => {
    let seen: unknown[] = [];
    veto(function (this: Form, e) {
      seen = [this, e.target, e.currentTarget];
    });
    expect(seen).toEqual([form, form, form]);
  });
  it('a throwing callback blocks and hands back the error', () => {
    const r = runVeto(() => {
      throw new Error('boom');
    }, form);
    expect(r.proceed).toBe(false);
    expect(r.proceed === false && r.error).toBeInstanceOf(Error);
  });
});
