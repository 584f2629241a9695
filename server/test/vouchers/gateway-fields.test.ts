// External gateways' field names mapped onto the API's own.

import { describe, expect, it } from 'vitest';
import { mapGatewayFields } from '../../src/vouchers/gateway-fields.js';
import { voucherBrandOf } from '../../src/vouchers/brands.js';
import { voucherConfirmDaysFrom } from '../../src/config/config.js';

describe('gateway fields', () => {
  it('maps billingAddress.* and shopper.socialSecurityNumber', () => {
    const mapped = mapGatewayFields(new Map([
      ['billingAddress.street', 'Rua Augusta'],
      ['billingAddress.houseNumberOrName', '500'],
      ['billingAddress.postalCode', '01305-000'],
      ['billingAddress.stateOrProvince', 'SP'],
      ['shopper.socialSecurityNumber', '52998224725'],
    ]));
    expect(mapped.ok && Object.fromEntries(mapped.params)).toEqual({
      'billing.street1': 'Rua Augusta, 500',
      'billing.postcode': '01305000',
      'billing.state': 'SP',
      'customer.identificationDocType': 'TAXSTATEMENT',
      'customer.identificationDocId': '52998224725',
    });
  });

  it('refuses a gateway field that contradicts the API field sent with it', () => {
    const mapped = mapGatewayFields(new Map([['shopper.socialSecurityNumber', '52998224725'], ['customer.identificationDocType', 'PASSPORT']]));
    expect(mapped.ok).toBe(false);
    expect(!mapped.ok && mapped.errors.map((e) => e.name)).toEqual(['shopper.socialSecurityNumber']);
  });

  it('reads <service>_boleto as BOLETO', () => {
    expect(voucherBrandOf('acme_boleto')?.brand).toBe('BOLETO');
    expect(voucherBrandOf('OXXO')?.currency).toBe('MXN');
    expect(voucherBrandOf('VISA')).toBeUndefined();
  });

  it('reads VOUCHER_CONFIRM_BUSINESS_DAYS as one number or per brand', () => {
    expect(voucherConfirmDaysFrom(undefined)).toEqual({});
    expect(voucherConfirmDaysFrom('3')).toEqual({ BOLETO: 3, OXXO: 3, BALOTO: 3 });
    expect(voucherConfirmDaysFrom('BOLETO=3, OXXO=2')).toEqual({ BOLETO: 3, OXXO: 2 });
    expect(() => voucherConfirmDaysFrom('PIX=1')).toThrow(/unknown brand/);
    expect(() => voucherConfirmDaysFrom('x')).toThrow(/VOUCHER_CONFIRM_BUSINESS_DAYS/);
  });
});
