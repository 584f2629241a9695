// Loads extras.min.js (extras/main.ts) once per main script, pinned by its sha384 like the main
// script is by the loader, and hands back what it defines. Its script element goes once it ran.

import { EXTRAS_EVENT, type Extras } from './extras/api.js';

declare const __EXTRAS_INTEGRITY__: string;

let loading: Promise<Extras> | null = null;

export function loadExtras(src: string): Promise<Extras> {
  loading ??= new Promise<Extras>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.integrity = __EXTRAS_INTEGRITY__;
    script.crossOrigin = 'anonymous';
    script.addEventListener(EXTRAS_EVENT, (e) => resolve((e as CustomEvent<Extras>).detail), { once: true });
    script.onload = script.onerror = () => {
      script.remove();
      reject(new Error('extras.min.js did not load'));
    };
    document.head.append(script);
  }).catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
}
