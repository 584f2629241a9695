// A test tool's refusal in words: the lifecycle's reason with its result code, as the payment
// actions show theirs.

import type { ApiError } from '../../api/client.js';

export function refusalMessage(error: ApiError): string {
  const code = typeof error.body.resultCode === 'string' ? ` (${error.body.resultCode})` : '';
  return `${error.code === 'refused' ? 'Not done. ' : ''}${error.message}${code}`;
}
