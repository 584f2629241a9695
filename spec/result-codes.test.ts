import { describe, expect, it } from 'vitest';
import { describeResult, isPending, isRejection, isSuccess, RESULT_CODES, RESULT_GROUPS, resultGroup, type GroupName } from './result-codes.js';

// Sample codes per group, from widget-surface §8 and the catalogue.
const SAMPLES: Record<GroupName, readonly string[]> = {
  success: ['000.000.000', '000.000.100', '000.100.110', '000.100.112', '000.300.000', '000.600.000'],
  successReview: ['000.400.000', '000.400.010', '000.400.020', '000.400.100'],
  pending: ['000.200.000', '000.200.100'],
  pendingLong: ['800.400.500', '100.400.500'],
  rejected3ds: ['000.400.101', '000.400.108', '000.400.200'],
  rejectedBank: ['800.100.100', '800.100.151', '800.100.152', '800.100.153', '800.100.159', '800.700.100', '800.800.102', '800.800.302'],
  communicationError: ['900.100.100', '900.100.300', '900.400.100', '000.400.030'],
  systemError: ['800.500.100', '800.600.100', '999.999.999', '600.100.100', '800.800.800'],
  asyncWorkflowError: ['100.396.101', '100.396.103', '100.397.101', '100.395.101'],
  blacklist: ['100.100.701', '800.200.159', '800.300.101'],
  riskValidation: ['800.110.100', '800.120.100', '800.160.100'],
  configValidation: ['600.200.500', '600.300.100', '500.100.201', '800.121.100'],
  registrationValidation: ['100.150.100', '100.150.200', '100.350.100'],
  jobValidation: ['100.250.100', '100.360.201'],
  referenceValidation: ['700.100.500', '700.400.100', '700.400.200', '700.400.300', '700.400.570', '700.500.003'],
  formatValidation: ['200.300.403', '200.300.404', '200.300.405', '100.300.101', '800.900.201', '800.900.300', '100.600.500', '100.900.500'],
  addressValidation: ['100.800.100', '100.800.401'],
  contactValidation: ['100.700.100', '100.900.100'],
  accountValidation: ['100.100.101', '100.100.303', '100.100.600', '100.100.601', '100.100.700', '100.200.100', '100.210.100'],
  amountValidation: ['100.550.300', '100.550.310'],
  chargeback: ['000.100.200', '000.100.201'],
};

describe('result code groups', () => {
  it('has one row per group, in the order of §8', () => {
    expect(RESULT_GROUPS.map((g) => g.name)).toEqual(Object.keys(SAMPLES));
  });

  for (const [name, codes] of Object.entries(SAMPLES)) {
    it.each(codes)(`%s is in group ${name}`, (code) => {
      expect(resultGroup(code)).toBe(name);
    });
  }

  it('keeps the published patterns verbatim', () => {
    const source = (n: GroupName) => RESULT_GROUPS.find((g) => g.name === n)?.pattern.source;
    expect(source('success')).toBe('^(000\\.000\\.|000\\.100\\.1|000\\.[36])');
    expect(source('accountValidation')).toBe('^(100\\.100|100.2[01])');
    expect(source('formatValidation')).toBe('^(200\\.[123]|100\\.[53][07]|800\\.900|100\\.[69]00\\.500)');
  });

  it('lets the earlier group win where patterns overlap', () => {
    expect(resultGroup('100.100.701')).toBe('blacklist'); // also account validation
    expect(resultGroup('100.900.500')).toBe('formatValidation'); // also contact validation
  });

  it('leaves codes outside every pattern ungrouped', () => {
    expect(resultGroup('000.400.110')).toBeUndefined();
    expect(resultGroup('100.380.401')).toBeUndefined();
    expect(resultGroup('100.390.112')).toBeUndefined();
  });

  it('rejects anything that is not ddd.ddd.ddd', () => {
    for (const bad of ['', '000.000.00', '000.000.0000', '000-000-000', ' 000.000.000', '000.000.000\n', 'constructor', '__proto__']) {
      expect(resultGroup(bad)).toBeUndefined();
      expect(isSuccess(bad)).toBe(false);
    }
  });
});

describe('result code catalogue', () => {
  it('holds only well-formed codes with a description', () => {
    for (const [code, description] of Object.entries(RESULT_CODES)) {
      expect(code).toMatch(/^\d{3}\.\d{3}\.\d{3}$/);
      expect(description.length).toBeGreaterThan(0);
    }
  });

  it('holds the common codes of §8 with their meaning', () => {
    const common = [
      '000.000.000', '000.100.110', '000.100.112', '000.200.000', '000.200.100', '000.400.110', '100.100.101',
      '100.380.401', '100.396.101', '100.396.103', '200.300.403', '200.300.404', '200.300.405', '600.200.500',
      '700.100.500', '700.400.100', '700.400.200', '700.400.300', '700.400.570', '800.100.100', '800.100.151',
      '800.100.152', '800.100.153', '800.100.155', '800.100.157', '800.100.159', '800.100.162', '800.110.100',
      '800.120.100', '800.900.201', '800.900.300', '900.100.300', '999.999.999',
    ];
    for (const code of common) expect(Object.hasOwn(RESULT_CODES, code)).toBe(true);
    expect(describeResult('800.100.152')).toBe('transaction declined by authorization system');
    expect(describeResult('200.300.404')).toBe('invalid or missing parameter');
  });

  it('holds the codes the relay and simulator answer with', () => {
    for (const code of ['100.100.303', '100.100.600', '100.100.601', '100.100.700', '100.150.200', '100.390.112', '000.400.101']) {
      expect(Object.hasOwn(RESULT_CODES, code)).toBe(true);
    }
  });

  it('falls back to the group title, then to a neutral text', () => {
    expect(describeResult('800.100.199')).toBe('transaction result: rejected by the bank');
    expect(describeResult('123.456.789')).toBe('unknown result code');
    expect(describeResult('constructor')).toBe('unknown result code');
    expect(describeResult('__proto__')).toBe('unknown result code');
  });
});

describe('isSuccess / isPending / isRejection', () => {
  it('counts manual review as success', () => {
    expect(isSuccess('000.000.000')).toBe(true);
    expect(isSuccess('000.100.112')).toBe(true);
    expect(isSuccess('000.400.000')).toBe(true);
    expect(isSuccess('000.200.000')).toBe(false);
    expect(isSuccess('800.100.152')).toBe(false);
    expect(isSuccess('000.100.200')).toBe(false); // chargeback
  });

  it('counts both pending groups as pending', () => {
    expect(isPending('000.200.000')).toBe(true);
    expect(isPending('800.400.500')).toBe(true);
    expect(isPending('100.400.500')).toBe(true);
    expect(isPending('000.000.000')).toBe(false);
  });

  it('knows rejections', () => {
    expect(isRejection('800.100.152')).toBe(true);
    expect(isRejection('100.396.101')).toBe(true);
    expect(isRejection('000.400.101')).toBe(true);
    expect(isRejection('000.400.110')).toBe(false);
    expect(isRejection('000.000.000')).toBe(false);
    expect(isRejection('000.200.000')).toBe(false);
    expect(isRejection('000.100.200')).toBe(false);
  });
});
