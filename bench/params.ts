// The parameter layer under hostile bodies (B3, B4, security principles on limits): how long the
// form parser, the catalogue validator and the echo of parameters in a response take on the
// largest bodies a client can send. Prints the fastest of ROUNDS runs of each case, in ms, after
// one warm-up run; a case that takes tens of milliseconds would let a few clients hold the event loop.
//   npm run bench:params

import { ApiError } from '../server/src/domain/errors.js';
import { FormParser } from '../server/src/params/form-body.js';
import type { Operation, Validation } from '../server/src/params/types.js';
import { operationValidator } from '../server/src/params/validate.js';
import { defaultConfig } from '../server/src/config/config.js';
import { paymentView } from '../server/src/flows/response.js';
import type { FlatParams } from '../server/src/params/types.js';

const ROUNDS = 5;
const ENTITY = '8a8294174b7ecb28014b9699220015ca';
// Parsers built once, as an app builds its own.
const parser = new FormParser({ maxParameters: defaultConfig.maxParameters });
const raisedParser = new FormParser({ maxParameters: 20_000 });
const CARD = 'card.number=4200000000000000&card.holder=Jane+Jones&card.expiryMonth=05&card.expiryYear=2034&card.cvv=123';

function fastest(run: () => unknown): number {
  run();
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/** Runs `parse`, which must throw an ApiError named `expected`. */
function refusing(expected: string, parse: () => unknown): () => void {
  return () => {
    try {
      parse();
    } catch (error) {
      if (error instanceof ApiError && error.errorName === expected) return;
      throw error;
    }
    throw new Error(`expected ${expected}`);
  };
}

function validating(op: Operation, body: string, ok: (result: Validation) => boolean): () => void {
  const params = new FormParser({ maxParameters: 10_000 }).parse(body);
  // Built once, as a route builds its own when it is registered.
  const validate = operationValidator(op);
  return () => {
    if (!ok(validate(params))) throw new Error(`${op}: unexpected verdict`);
  };
}

/** The response to a payment of `params`, as createPayment builds it. */
function echoing(params: FlatParams, times: number): () => void {
  return () => {
    for (let i = 0; i < times; i++) paymentView({ id: 'p'.repeat(32), paymentType: 'DB', paymentBrand: 'VISA', amount: 9200, currency: 'EUR', result: { code: '000.100.110' }, params });
  };
}

const PAYMENT = `entityId=${ENTITY}&amount=92.00&currency=EUR&paymentType=DB&paymentBrand=VISA&${CARD}&customer.givenName=Jane&customer.surname=Jones&customer.email=jane%40example.com&billing.street1=Main+Street+1&billing.city=Berlin&billing.country=DE&shipping.city=Berlin&customParameters%5BSHOPPER_note%5D=bench&bankAccount.holder=Jane+Jones&bankAccount.iban=DE89370400440532013000`;
const cart = Array.from({ length: 1000 }, (_, i) => `cart.items[${i}].name=Item+${i}&cart.items[${i}].quantity=1&cart.items[${i}].price=1.00&cart.items[${i}].currency=EUR`).join('&');
// Bodies are built once, outside the timed runs.
const tooMany = Array.from({ length: 20_000 }, (_, i) => `cart.items[${i}].name=item${i}`).join('&');
const distinct = Array.from({ length: 20_000 }, (_, i) => `customParameters%5BSHOPPER_${i}%5D=v%20${i}`).join('&');
const copies = Array.from({ length: 20_000 }, () => 'amount=1.00').join('&');
const injected = Array.from({ length: 4000 }, (_, i) => `x${i}[a][b].c=v`).join('&');
const cases: [string, () => unknown][] = [
  ['parse: 20k parameters, refused at the limit (413)', refusing('bodyTooLarge', () => parser.parse(tooMany))],
  ['parse: 20k distinct escaped names, limit raised to 20k', () => raisedParser.parse(distinct)],
  ['parse: 20k copies of one name, one duplicate error', refusing('invalidParameters', () => raisedParser.parse(copies))],
  ['validate: a payment with a full cart (4000 cart parameters)', validating('payment', `entityId=${ENTITY}&amount=92.00&currency=EUR&paymentType=DB&paymentBrand=VISA&${CARD}&${cart}`, (r) => r.ok)],
  ['validate: widget submit with 4000 injected names, dropped', validating('checkoutPayment', `paymentBrand=VISA&shopperResultUrl=https%3A%2F%2Fshop.example%2Fr&${CARD}&${injected}`, (r) => r.ok)],
  // A copy has no shape (shape.ts): each name is looked at, as for a body the validator left names out of.
  ['echo: a payment of 20 names, name by name, 1000 times', echoing(new Map(parser.parse(PAYMENT)), 1000)],
  ['echo: a payment with a full cart (4000 cart parameters)', echoing(new FormParser({ maxParameters: 10_000 }).parse(`${PAYMENT}&${cart}`), 1)],
];

console.log(`\nParameter layer, fastest of ${ROUNDS} runs after a warm-up\n`);
console.log('| case | ms |');
console.log('|---|---|');
for (const [name, run] of cases) console.log(`| ${name} | ${fastest(run).toFixed(2)} |`);
