// The `{{name}}` placeholders of example requests: filled with what earlier answers gave when an
// example is replayed, with sample values when it is shown in the document.

import type { ExampleRequest } from './example.js';

const PLACEHOLDER = /\{\{([A-Za-z0-9]+)\}\}/g;

/** The text with every placeholder filled; a placeholder without a value is an error in the examples. */
export function fill(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`example placeholder {{${name}}} has no value`);
    return value;
  });
}

export function fillAll(record: Readonly<Record<string, string>> | undefined, values: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(record ?? {}).map(([name, value]) => [name, fill(value, values)]));
}

/** The request path of an example: the route's path with its parameters filled and encoded. */
export function examplePath(example: ExampleRequest, values: Readonly<Record<string, string>>): string {
  const path = fillAll(example.path, values);
  const url = example.route.slice(example.route.indexOf(' ') + 1);
  return url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = path[name];
    if (value === undefined) throw new Error(`example ${example.name}: no value for path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** The placeholders every example names, from earlier answers or the environment. */
export function placeholdersOf(example: ExampleRequest): string[] {
  const text = JSON.stringify([example.path ?? {}, example.params]);
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] as string);
}

/** Sample values for the document: the shapes of real ids, and a receiver on the shop's site. */
export const DOCUMENT_VALUES: Readonly<Record<string, string>> = {
  entityId: '8a8294174b7ecb28014b9699220015ca',
  webhookUrl: 'https://shop.example/hooks/payments',
  payment: '8ac7a4a19a2f4c1e019a2f6b3d1e0a11',
  debit: '8ac7a4a19a2f4c1e019a2f6b3d1e0a12',
  slip: '8ac7a4a19a2f4c1e019a2f6b3d1e0a13',
  chargeback: '8ac7a4a19a2f4c1e019a2f6b3d1e0a14',
  registration: '8ac7a4a29a2f4c1e019a2f6c0b7d2b21',
  schedule: '8ac7a4a39a2f4c1e019a2f6c9e4f3c31',
  checkout: '3C1A6B9F2E8D4A7B9C0D1E2F3A4B5C6D.uat01-vm-tx01',
  summaryCheckout: '7D2E4F6A8B0C1D3E5F7A9B1C3D5E7F90.uat01-vm-tx01',
  accountCheckout: '1F3E5D7C9B0A2C4E6F8A0B2D4F6A8C0E.uat01-vm-tx01',
  registrationCheckout: '9E7C5A3F1D0B8E6C4A2F0D8B6E4C2A09.uat01-vm-tx01',
  webhook: '5f0c2a9e8b7d4c6a9e1f3b5d7a9c1e3f',
  quote: 'b1d3f5a7c9e1b3d5f7a9c1e3b5d7f9a1',
  aggregation: 'c2e4a6c8e0a2c4e6a8c0e2a4c6e8a0c2',
};
