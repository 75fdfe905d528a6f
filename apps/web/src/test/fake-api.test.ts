import { api as endpoints } from '@haat/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client } from '../lib/api-client';
import { fakeApi, reply, route, takeDrifts } from './fake-api';

/**
 * The fake API checks each answer against the contract (decision 0022): a fake that
 * drifts from what its endpoint declares fails, naming the endpoint and each field.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

const coupon = {
  _id: '1',
  code: 'DIWALI',
  // The rest of a coupon (type, value, dates, usage...) is missing: the API would send it.
};

describe('fakeApi', () => {
  it('fails a fake whose answer drifts from its endpoint, saying what differs', async () => {
    fakeApi({ [route(endpoints.coupons.list)]: () => ({ success: true, coupons: [coupon] }) });

    await expect(client.coupons.list()).rejects.toThrow();
    const [drift, ...others] = takeDrifts();
    expect(others).toEqual([]);
    expect(drift).toContain(`The fake of ${route(endpoints.coupons.list)} (endpoints.coupons.list) answers 200`);
    expect(drift).toMatch(/^ {2}coupons\.0\.\w+: /m);
  });

  it('fails an error answer that is not the API error shape', async () => {
    fakeApi({ [route(endpoints.coupons.remove, { id: '1' })]: () => reply(409, { error: 'In use' }) });

    await expect(client.coupons.remove({ params: { id: '1' } })).rejects.toThrow();
    const [drift] = takeDrifts();
    expect(drift).toContain('answers 409');
    expect(drift).toMatch(/^ {2}message: /m);
  });

  it('passes an answer the endpoint declares', async () => {
    fakeApi({ [route(endpoints.coupons.list)]: () => ({ success: true, coupons: [] }) });

    await expect(client.coupons.list()).resolves.toEqual({ success: true, coupons: [] });
    expect(takeDrifts()).toEqual([]);
  });

  it('refuses a route that is no endpoint of the contract', () => {
    expect(() => fakeApi({ 'GET /api/coupon-list': () => ({}) })).toThrow(
      "The fake route 'GET /api/coupon-list' is no endpoint of the contract",
    );
  });
});
