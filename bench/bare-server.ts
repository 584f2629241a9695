// The bare Fastify route bench:relay compares the relay with, run as a process of its own: it parses
// the same form body and answers a payment-sized JSON. Prints "listening URL" once it listens.

import Fastify from 'fastify';

export async function bareServer(): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, new URLSearchParams(body as string));
  });
  // The fields of a payment answer, and the structures sent echoed as nested objects the plain way
  // (customer.email -> customer: { email }, customParameters[x] -> customParameters: { x }), so the
  // answer is the size of the relay's (the bench prints both sizes).
  const payment = (form: URLSearchParams) => {
    const answer: Record<string, unknown> = {
      id: '8ac7a4a1' + '0'.repeat(24),
      paymentType: form.get('paymentType'),
      paymentBrand: form.get('paymentBrand'),
      amount: form.get('amount'),
      currency: form.get('currency'),
      merchantTransactionId: form.get('merchantTransactionId'),
      result: { code: '000.100.110', description: "Request successfully processed in 'Merchant in Integrator Test Mode'", avsResponse: 'F', cvvResponse: 'M' },
      resultDetails: { ConnectorTxID1: '0'.repeat(16), AcquirerResponse: '00' },
      card: { bin: '420000', last4Digits: '0000', expiryMonth: form.get('card.expiryMonth'), expiryYear: form.get('card.expiryYear'), holder: form.get('card.holder') },
    };
    for (const [name, value] of form) {
      const nested = /^(customer|billing|shipping|customParameters)(?:\.([^.]+)|\[([^\]]+)\])$/.exec(name);
      if (!nested?.[1]) continue;
      const group = (answer[nested[1]] ??= {}) as Record<string, string>;
      group[nested[2] ?? nested[3] ?? ''] = value;
    }
    answer.risk = { score: '0' };
    answer.buildNumber = 'bare';
    answer.timestamp = new Date().toISOString();
    answer.ndc = '0'.repeat(32);
    return answer;
  };
  app.post('/v1/payments', async (request) => payment(request.body as URLSearchParams));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => app.close() };
}


const server = await bareServer();
process.stdout.write(`listening ${server.url}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
