// The jQuery-like wrapper callbacks get as this.$form / this.$iframe (widget surface §4): enough of
// jQuery for what merchant pages call on it — [0], get(0), length, css(), find(), val(), height(),
// addClass(), removeClass() — and no global $ is defined or touched.

export interface Wrapped {
  readonly length: number;
  readonly [index: number]: Element;
  get(): Element[];
  get(index: number): Element | undefined;
  css(name: string): string;
  css(name: string, value: string | number): Wrapped;
  css(props: Record<string, string | number>): Wrapped;
  find(selector: string): Wrapped;
  val(): string | undefined;
  val(value: string): Wrapped;
  height(): number;
  height(value: string | number): Wrapped;
  addClass(names: string): Wrapped;
  removeClass(names: string): Wrapped;
  hasClass(name: string): boolean;
}

type Styled = Element & { style: CSSStyleDeclaration };

const classes = (names: string) => names.split(/\s+/).filter(Boolean);
const cssName = (name: string) => name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
const cssValue = (name: string, v: string | number) =>
  typeof v === 'number' && !/^(opacity|z-index|font-weight|line-height|flex|order)$/.test(cssName(name)) ? `${v}px` : String(v);
const hasValue = (el: Element): el is Element & { value: string } => 'value' in el;

export function wrap(input: Element | Element[] | null | undefined): Wrapped {
  const els = (Array.isArray(input) ? input : input ? [input] : []).slice();
  const self = {
    length: els.length,
    get(index?: number) {
      return index === undefined ? els.slice() : els[index < 0 ? els.length + index : index];
    },
    css(name: string | Record<string, string | number>, value?: string | number) {
      if (typeof name === 'string' && value === undefined) {
        const el = els[0];
        return el ? getComputedStyle(el).getPropertyValue(cssName(name)) : '';
      }
      const props = typeof name === 'string' ? { [name]: value as string | number } : name;
      for (const el of els) for (const [k, v] of Object.entries(props)) (el as Styled).style?.setProperty(cssName(k), cssValue(k, v));
      return self;
    },
    find(selector: string) {
      const found: Element[] = [];
      for (const el of els) for (const f of Array.from(el.querySelectorAll(selector))) if (!found.includes(f)) found.push(f);
      return wrap(found);
    },
    val(value?: string) {
      if (value === undefined) {
        const el = els[0];
        return el && hasValue(el) ? el.value : undefined;
      }
      for (const el of els) if (hasValue(el)) el.value = value;
      return self;
    },
    height(value?: string | number) {
      if (value === undefined) {
        const el = els[0];
        return el ? el.getBoundingClientRect().height : 0;
      }
      for (const el of els) (el as Styled).style?.setProperty('height', cssValue('height', value));
      return self;
    },
    addClass(names: string) {
      for (const el of els) el.classList.add(...classes(names));
      return self;
    },
    removeClass(names: string) {
      for (const el of els) el.classList.remove(...classes(names));
      return self;
    },
    hasClass(name: string) {
      return els.some((el) => el.classList.contains(name));
    },
  };
  els.forEach((el, i) => Object.defineProperty(self, i, { value: el, enumerable: true }));
  return self as unknown as Wrapped;
}
