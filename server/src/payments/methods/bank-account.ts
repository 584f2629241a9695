// A bank account: bankAccount.* (a direct debit by IBAN, or an online transfer's account). The
// simulator checks it against its test accounts; a transfer goes on to the provider's page.

import { bankAccountOf } from '../account.js';
import { providerAccountMethod } from './redirect.js';

export const bankAccount = providerAccountMethod('bankAccount', bankAccountOf);
