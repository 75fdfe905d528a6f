import { customerMessages as M } from '@haat/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDb } from '../../platform/db/create-db.js';
import { authAs, createAdmin, type FixtureUser } from '../../test/fixtures.js';
import { storeKit } from '../../test/store-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 33, 'Erasure that erases', on PostgreSQL: a checkout racing the erasure of its
 * customer made an order for the anonymised account with the full name, e-mail and
 * phone. Two API processes (two apps over two connection pools of one database) take,
 * for each of 24 customers at once (twice over), their erasure on one and a checkout with their
 * details on the other. Whichever goes first, afterwards the anonymised account holds
 * no order with the person's details (an order placed first was erased with the rest),
 * and the checkout's order, when it came second, belongs to a new customer account.
 */

const PEOPLE = 24;
const run = Date.now().toString(36);

let t: TestApp;
let sibling: FastifyInstance;
let admin: FixtureUser;
let product: number;

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000000' });
  const database = createDb(t.config.databaseUrl, { poolSize: 4 });
  sibling = await buildApp({ config: t.config, database, webRoot: null, logger: false });
  sibling.addHook('onClose', () => database.close());
  await sibling.ready();
  admin = await createAdmin(t.db);
  product = await storeKit(t, admin).product(10_000, 100_000);
});
afterAll(async () => {
  await sibling?.close();
  await t?.close();
});

const shopper = (n: number) => ({
  fullName: `Racer ${n} ${run}`,
  email: `racer.${n}.${run}@example.test`,
  phone: `+91 96${String(n).padStart(4, '0')} ${String(n * 7919)
    .slice(-4)
    .padStart(4, '0')}`,
  note: `Gate ${n} ${run}`,
  address: { fullAddress: `${n} Race Course Road ${run}`, city: 'Mysuru', province: 'Karnataka' },
});

function checkout(app: FastifyInstance, n: number): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ items: [{ product, quantity: 1 }], billingInfo: shopper(n), paymentMethod: 'UPI' }),
  });
}

describe('an erasure and a checkout of the same customer, at once on two processes', () => {
  it.each([1, 2])(
    'never leaves an order with the person’s details on the anonymised account (round %i)',
    async (round) => {
      const people = Array.from({ length: PEOPLE }, (_, index) => round * 1000 + index);
      const ids: number[] = [];
      for (const n of people) {
        const first = await checkout(t.app, n);
        expect(first.statusCode, first.body).toBe(201);
        const user = await t.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', shopper(n).email)
          .executeTakeFirstOrThrow();
        ids.push(user.id);
      }

      const answers = await Promise.all(
        ids.flatMap((id, index) => [
          t.app.inject({
            method: 'POST',
            url: `/api/customers/admin/${id}/anonymise`,
            headers: authAs(t.app, admin),
          }),
          checkout(sibling, people[index] as number),
        ]),
      );
      for (const answer of answers) expect([200, 201], answer.body).toContain(answer.statusCode);

      for (const [index, id] of ids.entries()) {
        const person = shopper(people[index] as number);
        const account = await t.db
          .selectFrom('users')
          .select(['name', 'email', 'phone', 'anonymisedAt'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(account).toMatchObject({ name: M.anonymousName, phone: null });
        expect(account.anonymisedAt).not.toBeNull();
        // Every order of the anonymised account is anonymised: the first, and the racing
        // checkout's when it committed before the erasure read the orders.
        const orders = await t.db
          .selectFrom('orders')
          .select(['billingFullName', 'billingEmail', 'billingPhone', 'billingAddress', 'billingNote'])
          .where('userId', '=', id)
          .execute();
        expect(orders.length).toBeGreaterThanOrEqual(1);
        for (const order of orders)
          expect(order).toEqual({
            billingFullName: M.anonymousName,
            billingEmail: account.email,
            billingPhone: '',
            billingAddress: '',
            billingNote: null,
          });
        // An order still holding the person's details belongs to a new, live account with their e-mail.
        const kept = await t.db
          .selectFrom('orders as o')
          .innerJoin('users as u', 'u.id', 'o.userId')
          .select(['u.id', 'u.email', 'u.anonymisedAt'])
          .where('o.billingEmail', '=', person.email)
          .execute();
        expect(kept.length).toBeLessThanOrEqual(1);
        for (const owner of kept) {
          expect(owner).toMatchObject({ email: person.email, anonymisedAt: null });
          expect(owner.id).not.toBe(id);
        }
        expect(orders.length + kept.length).toBe(2);
      }
    },
  );
});
