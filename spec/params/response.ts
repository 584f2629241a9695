// Spec: "Payment response fields", redirect.* from "Asynchronous payments", and what a webhook
// payload adds. Data for the response builders and their tests; never read by the request validator.

import { BRAND } from './basic.js';
import type { ParamRow } from './row.js';
import { RESOURCE_ID } from './tokenization.js';

export const RESULT_CODE = '/^[0-9.]{2,11}$/';

export const response: readonly ParamRow[] = [
  { name: 'id', format: '/^[A-Za-z0-9.-]{32,48}$/', requirement: 'Required', notes: 'Checkout id: 32-48 chars, letters digits dot hyphen; used as {id} in the checkout steps.' },
  { name: 'id', format: RESOURCE_ID, requirement: 'Required', notes: 'Payment id: 32 alphanumerics; reference for follow-up requests.' },
  { name: 'id', format: RESOURCE_ID, requirement: 'Required', notes: 'Registration id: 32 alphanumerics; also returned as registrationId when createRegistration=true.' },
  { name: 'registrationId', format: RESOURCE_ID, requirement: 'Conditional', notes: 'In a payment response when createRegistration=true.' },
  { name: 'referencedId', format: RESOURCE_ID, requirement: 'Conditional', notes: 'Payment referenced by a capture, refund or confirmation; webhook notifications only.' },
  { name: 'paymentType', format: 'enum(PA,DB,CD,CP,RV,RF,RC)', requirement: 'Conditional', notes: 'As in the request; RC for voucher confirmations.' },
  { name: 'paymentBrand', format: BRAND, requirement: 'Conditional', notes: 'As in the request.' },
  { name: 'amount', format: 'N10.N2', requirement: 'Conditional', notes: 'As in the request, always with two decimals.' },
  { name: 'currency', format: 'currency', requirement: 'Conditional', notes: 'As in the request.' },
  { name: 'descriptor', format: 'AN127', requirement: 'Conditional', notes: 'As in the request.' },
  { name: 'result.code', format: RESULT_CODE, requirement: 'Required', notes: '2-11 chars, digits and dots.' },
  { name: 'result.description', format: 'AN255', requirement: 'Optional', notes: 'Text for result.code.' },
  { name: 'result.avsResponse', format: 'enum(A,Z,N,U,F)', requirement: 'Conditional', notes: 'A1. A = address matches, zip does not; Z = zip matches, address does not; N = neither; U = technical or logical error, AVS not applicable; F = address and postal code match.' },
  { name: 'result.cvvResponse', format: 'enum(M,N,P,S,U)', requirement: 'Conditional', notes: 'A1. M = match; N = no match; P = not processed; S = should be present on the card but is not; U = unsupported by issuer or issuer unable to process.' },
  { name: 'resultDetails[name]', key: '/^[A-Za-z0-9._]{1,64}$/', format: 'AN{0,2048}', requirement: 'Optional', notes: 'Bank-specific name-value pairs. Voucher responses carry ExtendedDescription, AuthCode, ConnectorTxID1, ConnectorTxID2, AcquirerResponse, BarCodeNumber, DigitableLine, connectorId, reconciliationId.' },
  { name: 'resultDetails.AcquirerResponse', format: 'AN2048', requirement: 'Conditional', notes: 'Original acquirer response code.' },
  { name: 'card.bin', format: 'N{6,6}', requirement: 'Optional', notes: 'First six digits of the card number.' },
  { name: 'card.holder', format: 'AN{3,128}', requirement: 'Optional', notes: 'Echoed card data.' },
  { name: 'card.expiryMonth', format: '/^(0[1-9]|1[0-2])$/', requirement: 'Optional', notes: 'Echoed card data.' },
  { name: 'card.expiryYear', format: '/^(19|20)[0-9]{2}$/', requirement: 'Optional', notes: 'Echoed card data.' },
  { name: 'merchant.bankAccount.holder', format: 'AN128', requirement: 'Required' },
  { name: 'merchant.bankAccount.number', format: 'AN64', requirement: 'Conditional', notes: 'IBAN for SEPA accounts.' },
  { name: 'merchant.bankAccount.bic', format: '/^[A-Za-z0-9]{8}([A-Za-z0-9]{3})?$/', requirement: 'Conditional', notes: '8 or 11 alphanumerics.' },
  { name: 'merchant.bankAccount.country', format: 'country', requirement: 'Conditional', notes: '2 letters.' },
  { name: 'risk.score', format: '/^[+-]?[0-9]{1,5}$/', requirement: 'Conditional', notes: 'Number -99999 to +99999; returned for risk checks.' },
  { name: 'buildNumber', format: 'AN255', requirement: 'Required', notes: 'For support.' },
  { name: 'timestamp', format: '/^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?[+-][0-9]{4}$/', requirement: 'Required', notes: 'yyyy-MM-dd HH:mm:ss followed by zone offset: creation time of the response.' },
  { name: 'ndc', format: '/^[A-Za-z0-9-]{1,69}$/', requirement: 'Required', notes: 'AN69, letters digits hyphen: internal unique request identifier.' },
  { name: 'redirect.url', format: 'url2048', requirement: 'Conditional', notes: 'Where the shopper is sent next (vouchers: the page showing the slip).' },
  { name: 'redirect.method', format: 'enum(GET,POST)', requirement: 'Conditional', notes: 'Voucher methods.' },
  { name: 'redirect.parameters[n].name', format: 'AN255', requirement: 'Conditional', notes: 'Parameters for redirect.url.' },
  { name: 'redirect.parameters[n].value', format: 'AN{0,255}', requirement: 'Conditional' },
  { name: 'presentationAmount', format: 'N10.N2', requirement: 'Conditional', notes: 'Webhook payload only.' },
  { name: 'presentationCurrency', format: 'currency', requirement: 'Conditional', notes: 'Webhook payload only (A3).' },
];
