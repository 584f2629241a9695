// Numbers and dates are shown in the person's own locale (the browser's first language); the
// words of the pages are English.

export const locale: string = (typeof navigator !== 'undefined' && (navigator.languages?.[0] ?? navigator.language)) || 'en';
