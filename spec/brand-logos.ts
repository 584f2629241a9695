// The brands' logos the relay serves (GET /v1/static/<cacheVersion>/logos/<BRAND>.svg): small
// badges drawn for this project from this table, the brand's colours and a short wordmark, one for
// every brand of spec/brands.ts (spec/brand-logos.test.ts holds them to the table). They are
// separate files, loaded only where a brand is shown, so they add nothing to the card form's
// download. Not the networks' own artwork: a merchant who wants that styles `.wpwl-brand-<BRAND>`.

import { CARD_BRANDS, CARD_BRAND_NAMES, OTHER_BRANDS } from './brands.js';

interface LogoStyle {
  /** The wordmark, one or two lines. */
  text: readonly string[];
  background: string;
  color: string;
}

/** Colours chosen for contrast (at least 4.5:1 between text and background). */
export const BRAND_LOGOS: Readonly<Record<string, LogoStyle>> = {
  VISA: { text: ['VISA'], background: '#1a1f71', color: '#ffffff' },
  MASTER: { text: ['master', 'card'], background: '#231f20', color: '#ffffff' },
  AMEX: { text: ['AMEX'], background: '#1f5fa8', color: '#ffffff' },
  MADA: { text: ['mada'], background: '#1b6f9c', color: '#ffffff' },
  DINERS: { text: ['Diners', 'Club'], background: '#004a97', color: '#ffffff' },
  DISCOVER: { text: ['DISCOVER'], background: '#ffffff', color: '#23201e' },
  JCB: { text: ['JCB'], background: '#0b4ea2', color: '#ffffff' },
  MAESTRO: { text: ['maestro'], background: '#0b5fa8', color: '#ffffff' },
  VISAELECTRON: { text: ['VISA', 'Electron'], background: '#1a1f71', color: '#ffffff' },
  VISADEBIT: { text: ['VISA', 'DEBIT'], background: '#1a1f71', color: '#ffffff' },
  MASTERDEBIT: { text: ['master', 'debit'], background: '#231f20', color: '#ffffff' },
  VPAY: { text: ['V PAY'], background: '#1a1f71', color: '#ffffff' },
  DANKORT: { text: ['Dankort'], background: '#c8102e', color: '#ffffff' },
  CARTEBANCAIRE: { text: ['CB'], background: '#005a8c', color: '#ffffff' },
  CARTEBLEUE: { text: ['Carte', 'Bleue'], background: '#0d3b8c', color: '#ffffff' },
  ELO: { text: ['elo'], background: '#000000', color: '#ffcb05' },
  HIPERCARD: { text: ['Hiper', 'card'], background: '#b3131b', color: '#ffffff' },
  MIR: { text: ['МИР'], background: '#0f754e', color: '#ffffff' },
  UNIONPAY: { text: ['Union', 'Pay'], background: '#d10429', color: '#ffffff' },
  DIRECTDEBIT_SEPA: { text: ['SEPA'], background: '#10298e', color: '#ffcc00' },
  GIROPAY: { text: ['giropay'], background: '#000268', color: '#ffffff' },
  IDEAL: { text: ['iDEAL'], background: '#cc0066', color: '#ffffff' },
  SOFORTUEBERWEISUNG: { text: ['SOFORT'], background: '#393a41', color: '#ffffff' },
  BOLETO: { text: ['Boleto'], background: '#ffffff', color: '#1a1a1a' },
  OXXO: { text: ['OXXO'], background: '#c8102e', color: '#ffffff' },
  BALOTO: { text: ['Baloto'], background: '#005c35', color: '#ffffff' },
  APPLEPAY: { text: ['Pay'], background: '#000000', color: '#ffffff' },
  GOOGLEPAY: { text: ['G Pay'], background: '#ffffff', color: '#3c4043' },
  PAYPAL: { text: ['PayPal'], background: '#ffffff', color: '#003087' },
  CLICK_TO_PAY: { text: ['Click', 'to Pay'], background: '#1d2b4f', color: '#ffffff' },
  STC_PAY: { text: ['stc pay'], background: '#4f008c', color: '#ffffff' },
  ALIPAY: { text: ['Alipay'], background: '#0e5fd8', color: '#ffffff' },
  TABBY: { text: ['tabby'], background: '#3bffc1', color: '#000000' },
  TAMARA: { text: ['tamara'], background: '#000000', color: '#ffffff' },
};

/** The brand's display name: what assistive technology says for its logo. */
export function brandDisplayName(code: string): string | undefined {
  return (CARD_BRAND_NAMES as Readonly<Record<string, string>>)[code] ?? OTHER_BRANDS.find((b) => b.code === code)?.name;
}

/** Every brand code of the table. */
export const ALL_BRAND_CODES: readonly string[] = [...CARD_BRANDS.map((b) => b.code), ...OTHER_BRANDS.map((b) => b.code)];

const escapeXml = (s: string) => s.replace(/[&<>"]/g, (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' } as Record<string, string>)[c]};`);

/** The SVG of a brand's logo (56 × 38, the widget's logo box), or undefined for a code not in the table. */
export function brandLogoSvg(code: string): string | undefined {
  const style = BRAND_LOGOS[code];
  const name = brandDisplayName(code);
  if (!style || !name) return undefined;
  // The wordmark fits the badge's width (48 of its 56 units), at most 14 units high (11 on two
  // lines): its width estimated from the bold sans-serif's advances, in ems.
  const width = (t: string) => [...t].reduce((sum, ch) => sum + (ch === ' ' ? 0.28 : /[A-ZМИРGOQDCW]/.test(ch) ? 0.74 : 0.58), 0);
  const widest = Math.max(...style.text.map(width), 1);
  const size = Math.min(style.text.length > 1 ? 11 : 14, 48 / widest);
  const lines = style.text
    .map((t, i) => {
      const y = 19 + (i - (style.text.length - 1) / 2) * size * 1.05;
      return `<text x="28" y="${y.toFixed(1)}" dominant-baseline="central">${escapeXml(t)}</text>`;
    })
    .join('');
  const border = style.background.toLowerCase() === '#ffffff' ? ' stroke="#8a8f98" stroke-width="1"' : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="56" height="38" viewBox="0 0 56 38" role="img">` +
    `<title>${escapeXml(name)}</title>` +
    `<rect x="0.5" y="0.5" width="55" height="37" rx="4" fill="${style.background}"${border}/>` +
    `<g fill="${style.color}" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size.toFixed(1)}" text-anchor="middle">${lines}</g></svg>`
  );
}
