import { BLOG_MARKUP_MAX_LENGTH, BLOG_MAX_NESTING, blogMessages } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin } from '../../test/fixtures.js';
import { pngOfSize } from '../../test/images.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 23, 'Sanitising rich text is quadratic': a post of `<p>` + N × `<b>` took 1.9 s
 * at N = 50,000 and 30 s at N = 200,000 while the whole server waited, and
 * `PUT /api/blogs/{id}` sanitised before it knew the post existed. The content is now
 * bounded before and while it is sanitised (100,000 characters of markup, embedded
 * images aside; 32 levels of nesting), each with a clear 400 on `content`, and an edit
 * looks the post up first. On SQLite and PostgreSQL alike.
 */

let t: TestApp;
let admin: { authorization: string };
let postId: string;

const post = (content: string, extra: Record<string, unknown> = {}) => ({
  title: 'Limits',
  category: 'News',
  author: 'Editor',
  content,
  ...extra,
});

/** `depth` elements inside one another around a word. */
const nested = (depth: number, tag = 'b') => `${`<${tag}>`.repeat(depth)}deep${`</${tag}>`.repeat(depth)}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = authAs(t.app, await createAdmin(t.db));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blogs/create',
    headers: admin,
    payload: post('<p>Hi</p>'),
  });
  expect(res.statusCode, res.body).toBe(201);
  postId = res.json().blog._id;
});
afterAll(() => t.close());

async function stored() {
  return t.db.selectFrom('blogs').select(['id', 'content', 'updatedAt']).orderBy('id').execute();
}

function expectRefused(res: { statusCode: number; json(): unknown }, message: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({
    success: false,
    code: 'VALIDATION_FAILED',
    message,
    errors: { content: message },
  });
}

describe('blog content limits (issue 23)', () => {
  it('refuses <p> + 50,000 <b> with 400 on create and on edit, writing nothing', async () => {
    const before = await stored();
    const hostile = `<p>${'<b>'.repeat(50_000)}`;
    expect(hostile.length).toBeGreaterThan(BLOG_MARKUP_MAX_LENGTH);
    const tooDeep = `<p>${'<b>'.repeat(20_000)}`.slice(0, BLOG_MARKUP_MAX_LENGTH);
    for (const [content, message] of [
      [hostile, blogMessages.contentTooLong],
      [tooDeep, blogMessages.contentTooDeep],
    ] as const) {
      expectRefused(
        await t.app.inject({ method: 'POST', url: '/api/blogs/create', headers: admin, payload: post(content) }),
        message,
      );
      expectRefused(
        await t.app.inject({ method: 'PUT', url: `/api/blogs/${postId}`, headers: admin, payload: post(content) }),
        message,
      );
    }
    expect(await stored()).toEqual(before);
  });

  it(`refuses nesting past ${BLOG_MAX_NESTING} levels, of any element, allowed or not`, async () => {
    for (const tag of ['b', 'div', 'ul', 'blockquote', 'span']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/blogs/create',
        headers: admin,
        payload: post(nested(BLOG_MAX_NESTING + 1, tag)),
      });
      expectRefused(res, blogMessages.contentTooDeep);
    }
  });

  it(`takes content nested exactly ${BLOG_MAX_NESTING} levels`, async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blogs/create',
      headers: admin,
      payload: post(nested(BLOG_MAX_NESTING)),
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('counts the markup without embedded images: a post over 100,000 characters with an image is taken', async () => {
    const image = `data:image/png;base64,${pngOfSize(120_000).toString('base64')}`;
    const text = `<p>${'word '.repeat(15_000)}</p>`;
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/blogs/create',
      headers: admin,
      payload: post(`${text}<img src="${image}">`),
    });
    expect(ok.statusCode, ok.body.slice(0, 300)).toBe(201);
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/blogs/create',
      headers: admin,
      payload: post(`<p>${'x'.repeat(BLOG_MARKUP_MAX_LENGTH)}</p>`),
    });
    expectRefused(tooLong, blogMessages.contentTooLong);
  });

  it('answers 404 to an edit of a post that does not exist before looking at its content', async () => {
    const deep = nested(BLOG_MAX_NESTING + 1);
    for (const id of ['999999', '2147483647']) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/blogs/${id}`, headers: admin, payload: post(deep) });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(blogMessages.notFound);
    }
  });
});
