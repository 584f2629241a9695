// Whole numbers in the browser's language (1,000 or 1.000).

import { locale } from '../../format/locale.js';

const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });

export const formatNumber = (n: number): string => whole.format(n);
