// A virtual account named by virtualAccount.accountId: the shopper confirms on the provider's page.

import { virtualAccountOf } from '../account.js';
import { providerAccountMethod } from './redirect.js';

export const virtualAccount = providerAccountMethod('virtualAccount', virtualAccountOf);
