// A typed element builder for the widget's DOM, which is built once and then belongs to the
// merchant page as much as to us (see card-form.ts). Strings become text nodes, never HTML (W7).
// Attributes go through setAttribute and are all set before the element is inserted.

export type Child = Node | string | null | undefined | false;
export type Attrs = Record<string, string | boolean | null | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Attrs | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === true) el.setAttribute(name, '');
    else if (typeof value === 'string') el.setAttribute(name, value);
  }
  for (const c of children) if (c) el.append(c);
  return el;
}
