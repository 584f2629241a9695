// The rules every initial payment is held to, whatever its method: recurringType's and the
// entity's country's (a method's own rules are in its row, methods/).

import { checkCountryRules } from '../domain/country.js';
import type { EntityRecord } from '../domain/records.js';
import type { FlatParams } from '../params/types.js';
import type { ParameterError } from '../domain/errors.js';
import { hasExternalThreeDSecure } from './account.js';

/** recurringType rules: INITIAL carries authentication data, REPEATED must not. */
function recurringErrors(params: FlatParams): ParameterError[] {
  const type = params.get('recurringType');
  if (type === 'INITIAL' && !params.has('card.cvv') && !hasExternalThreeDSecure(params)) {
    return [{ name: 'recurringType', value: type, message: 'an INITIAL payment must carry authentication data: card.cvv or threeDSecure.*' }];
  }
  if (type === 'REPEATED') {
    const errors: ParameterError[] = [];
    if (params.has('card.cvv')) errors.push({ name: 'card.cvv', value: '', message: 'a REPEATED payment must not carry card.cvv' });
    for (const name of params.keys()) {
      if (name.startsWith('threeDSecure.')) errors.push({ name, value: '', message: 'a REPEATED payment must not carry 3-D Secure data' });
    }
    return errors;
  }
  return [];
}

/** Every broken rule of the payment: recurringType's, then the entity's country's. */
export function paymentErrors(entity: EntityRecord, params: FlatParams, paymentType: string, currency: string): ParameterError[] {
  const errors = recurringErrors(params);
  if (entity.settings.country) {
    for (const e of checkCountryRules(entity.settings.country, { paymentType, currency, params })) {
      errors.push({ name: e.name, value: e.name.startsWith('card.') ? '' : params.get(e.name) ?? '', message: e.message });
    }
  }
  return errors;
}
