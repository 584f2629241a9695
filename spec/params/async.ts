// Spec: "Asynchronous payments", request side (redirect.* is a response structure: response.ts).

import type { ParamRow } from './row.js';

export const asyncPayment: readonly ParamRow[] = [
  { name: 'shopperResultUrl', format: 'url{6,2048}', requirement: 'Conditional', notes: 'AN2048, length 6-2048, URL encoded. Receives the result of an asynchronous payment; required even for voucher methods that never redirect back.' },
  { name: 'notificationUrl', format: 'hookUrl{6,2048}', requirement: 'Optional', notes: 'AN2048, length 6-2048, URL encoded. Receives the asynchronous notification; no user name or password in it, as for a webhook endpoint.' },
];
