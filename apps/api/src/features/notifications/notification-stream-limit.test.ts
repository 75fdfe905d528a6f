import { MAX_STREAMS_PER_USER, notificationMessages } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, type FixtureUser } from '../../test/fixtures.js';
import { type EventReader, openEventStream } from '../../test/sse.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 23: a user could open live notification streams without end, each holding a
 * connection and a subscriber. At most `MAX_STREAMS_PER_USER` (10) are open at once per
 * user in a process; the next answers 429 with the error body, and one closing frees
 * its place. Other users are not affected.
 */

let t: TestApp;
let admin: FixtureUser;
let otherAdmin: FixtureUser;
const open: EventReader[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  otherAdmin = await createAdmin(t.db);
});
afterAll(async () => {
  for (const reader of open) reader.close();
  await t.close();
});

async function stream(user: FixtureUser): Promise<EventReader> {
  const reader = await openEventStream(t.app, '/api/notifications/stream', authAs(t.app, user));
  open.push(reader);
  return reader;
}

describe('GET /api/notifications/stream, streams per user (issue 23)', () => {
  it(`answers 429 to the next stream past ${MAX_STREAMS_PER_USER} open, and takes one again when one closes`, async () => {
    const readers = await Promise.all(Array.from({ length: MAX_STREAMS_PER_USER }, () => stream(admin)));
    for (const reader of readers) {
      expect(reader.status).toBe(200);
      expect(await reader.next()).toEqual({ event: 'notification', data: { unread: 0 } });
    }

    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/stream',
      headers: authAs(t.app, admin),
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: notificationMessages.tooManyStreams,
    });

    // Another user is not counted against this one.
    const other = await stream(otherAdmin);
    expect(other.status).toBe(200);
  });

  it('takes a stream again once one of the user’s streams closes', async () => {
    // Over a real socket: the server learns that a client went when its socket closes.
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `${address}/api/notifications/stream`;
    const { authorization } = authAs(t.app, otherAdmin);
    const clients: AbortController[] = [];
    const connect = async () => {
      const client = new AbortController();
      clients.push(client);
      const res = await fetch(url, { headers: { authorization }, signal: client.signal });
      if (res.status === 200) await res.body?.getReader().read();
      return { res, client };
    };
    try {
      // otherAdmin holds one stream from the test before; fill the rest.
      const held = [];
      for (let i = 1; i < MAX_STREAMS_PER_USER; i += 1) held.push(await connect());
      expect(held.every(({ res }) => res.status === 200)).toBe(true);
      expect((await connect()).res.status).toBe(429);
      held[0]?.client.abort();
      let again = await connect();
      while (again.res.status === 429) again = await connect();
      expect(again.res.status).toBe(200);
    } finally {
      for (const client of clients) client.abort();
    }
  });
});
