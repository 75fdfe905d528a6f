import {
  BLOG_MARKUP_MAX_LENGTH,
  blogMessages,
  api as endpoints,
  UPLOAD_MAX_BYTES,
  uploadMessages,
} from '@haat/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, reply, route, signInAs } from '../../../test/screen-kit';
import { BlogFormPage } from '../pages/blog-form-page';
import { BlogListPage } from '../pages/blog-list-page';

// The editor needs a real browser (the end-to-end tests drive it); here a textarea stands in.
vi.mock('../components/rich-text-editor', () => ({
  default: ({ value, onChange }: { value: string; onChange: (html: string) => void }) => (
    <textarea aria-label="Content" value={value} onChange={(event) => onChange(event.target.value)} />
  ),
}));

const post = (id: string, title: string, image: string | null = null) => ({
  _id: id,
  title,
  category: 'Fashion',
  author: 'Kavya Menon',
  content: '<p>Hello</p>',
  image,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
});

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('BlogListPage', () => {
  it('shows the cards, a placeholder for a missing image, and the footer counts from the server', async () => {
    signInAs('admin');
    const api = fakeApi({
      [route(endpoints.blogs.list)]: () => ({
        success: true,
        blogs: [post('1', 'Kurtas'), post('2', 'Watches', 'https://img.test/w.jpg')],
        total: 7,
        withCategory: 6,
        nextCursor: 'next',
      }),
    });
    renderScreen(<BlogListPage />);
    const cards = await screen.findByRole('list', { name: 'Blog posts' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(
      within(within(cards).getByRole('listitem', { name: 'Kurtas' })).getByRole('img', { name: 'Kurtas' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 7 posts · 6 with categories')).toBeInTheDocument();
    // The load toast waits for a reload the user asks for (decision 0053).
    expect(screen.queryByText(blogMessages.loaded(7))).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText(blogMessages.loaded(7))).toBeInTheDocument();
    expect(api.callsTo(endpoints.blogs.list)[0]?.url.searchParams.get('limit')).toBe('24');
  });

  it('shows the empty state', async () => {
    signInAs('admin');
    fakeApi({
      [route(endpoints.blogs.list)]: () => ({ success: true, blogs: [], total: 0, withCategory: 0, nextCursor: null }),
    });
    renderScreen(<BlogListPage />);
    expect(await screen.findByText(blogMessages.empty)).toBeInTheDocument();
  });

  it('confirms a delete with the spec text, toasts when cancelled, and deletes when confirmed', async () => {
    signInAs('admin');
    const api = fakeApi({
      [route(endpoints.blogs.list)]: () => ({
        success: true,
        blogs: [post('1', 'Kurtas')],
        total: 1,
        withCategory: 1,
        nextCursor: null,
      }),
      [route(endpoints.blogs.remove, { id: '1' })]: () => ({ success: true, message: blogMessages.deleted }),
    });
    const user = userEvent.setup();
    renderScreen(<BlogListPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Kurtas' }));
    expect(screen.getByText(blogMessages.deleteConfirm('Kurtas'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(blogMessages.deleteCancelled)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Kurtas' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete Blog' })).getByRole('button', { name: 'Delete Blog' }),
    );
    expect(await screen.findByText(blogMessages.deleted)).toBeInTheDocument();
    expect(api.callsTo(endpoints.blogs.remove, { id: '1' })).toHaveLength(1);
  });
});

describe('BlogFormPage', () => {
  it('asks for the required fields, then publishes and goes to /admin/blogs after 1.5 s', async () => {
    signInAs('admin');
    const api = fakeApi({
      [route(endpoints.blogs.create)]: () =>
        reply(201, { success: true, message: blogMessages.published, blog: post('9', 'New') }),
    });
    const user = userEvent.setup();
    renderScreen(<BlogFormPage />, { route: '/admin/blogs/new', path: '/admin/blogs/new' });
    await user.click(screen.getByRole('button', { name: 'Publish Blog' }));
    expect(await screen.findByText(blogMessages.requiredFields, { selector: '[data-title]' })).toBeInTheDocument();
    expect(api.callsTo(endpoints.blogs.create)).toHaveLength(0);

    await user.type(screen.getByLabelText('Title'), 'New');
    await user.type(screen.getByLabelText('Category'), 'Fashion');
    await user.type(screen.getByLabelText('Author'), 'Kavya');
    await user.type(await screen.findByRole('textbox', { name: 'Content' }), 'Body');
    await user.type(screen.getByLabelText('Image URL'), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Apply URL' }));
    expect(await screen.findByText('Please enter a valid URL (include http:// or https://)')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Image URL'));
    await user.type(screen.getByLabelText('Image URL'), 'https://img.test/new.jpg');
    await user.click(screen.getByRole('button', { name: 'Apply URL' }));
    expect(await screen.findByText(blogMessages.imageUrlApplied)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Featured image preview' })).toHaveAttribute(
      'src',
      'https://img.test/new.jpg',
    );

    await user.click(screen.getByRole('button', { name: 'Publish Blog' }));
    expect(await screen.findByText(blogMessages.published)).toBeInTheDocument();
    expect(api.callsTo(endpoints.blogs.create)[0]?.body).toEqual({
      title: 'New',
      category: 'Fashion',
      author: 'Kavya',
      content: 'Body',
      image: 'https://img.test/new.jpg',
    });
    await waitFor(() => expect(screen.getByText('Elsewhere: /admin/blogs')).toBeInTheDocument(), { timeout: 3000 });
  }, 20_000);

  it('shows the content limits under the editor: too long before sending, too deep in the server words', async () => {
    signInAs('admin');
    const api = fakeApi({
      [route(endpoints.blogs.create)]: () =>
        reply(400, {
          success: false,
          code: 'VALIDATION_FAILED',
          message: blogMessages.contentTooDeep,
          errors: { content: blogMessages.contentTooDeep },
        }),
    });
    const user = userEvent.setup();
    renderScreen(<BlogFormPage />, { route: '/admin/blogs/new', path: '/admin/blogs/new' });
    await user.type(screen.getByLabelText('Title'), 'Long');
    await user.type(screen.getByLabelText('Category'), 'Fashion');
    await user.type(screen.getByLabelText('Author'), 'Kavya');
    const content = await screen.findByRole('textbox', { name: 'Content' });
    // Pasted, not typed: 100,001 characters.
    await user.click(content);
    await user.paste('x'.repeat(BLOG_MARKUP_MAX_LENGTH + 1));
    await user.click(screen.getByRole('button', { name: 'Publish Blog' }));
    expect(await screen.findByText(blogMessages.contentTooLong, { selector: '[data-title]' })).toBeInTheDocument();
    expect(screen.getByText(blogMessages.contentTooLong, { selector: 'p' })).toBeInTheDocument();
    expect(api.callsTo(endpoints.blogs.create)).toHaveLength(0);

    await user.clear(content);
    await user.type(content, 'Short now');
    await user.click(screen.getByRole('button', { name: 'Publish Blog' }));
    expect(await screen.findByText(blogMessages.contentTooDeep, { selector: '[data-title]' })).toBeInTheDocument();
    expect(screen.getByText(blogMessages.contentTooDeep, { selector: 'p' })).toBeInTheDocument();
  }, 20_000);

  it('refuses a file over 2 MB before uploading it', async () => {
    signInAs('admin');
    const api = fakeApi({});
    const user = userEvent.setup();
    renderScreen(<BlogFormPage />, { route: '/admin/blogs/new', path: '/admin/blogs/new' });
    const big = new File([new Uint8Array(UPLOAD_MAX_BYTES + 1)], 'big.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload Image'), big);
    expect(await screen.findByText(uploadMessages.tooLarge)).toBeInTheDocument();
    expect(api.callsTo(endpoints.uploads.create)).toHaveLength(0);
  });

  it('edits a post with the version it loaded and shows a 409 in the server words', async () => {
    signInAs('admin');
    const api = fakeApi({
      [route(endpoints.blogs.get, { id: '1' })]: () => ({
        success: true,
        blog: post('1', 'Kurtas', 'https://img.test/k.jpg'),
      }),
      [route(endpoints.blogs.update, { id: '1' })]: () =>
        reply(409, { success: false, code: 'CONFLICT', message: blogMessages.conflict }),
    });
    const user = userEvent.setup();
    renderScreen(<BlogFormPage />, { route: '/admin/blogs/edit/:id', path: '/admin/blogs/edit/1' });
    expect(await screen.findByDisplayValue('Kurtas')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Image' }));
    expect(await screen.findByText(blogMessages.imageRemoved)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Blog' }));
    expect(await screen.findByText(blogMessages.conflict)).toBeInTheDocument();
    expect(api.callsTo(endpoints.blogs.update, { id: '1' })[0]?.body).toMatchObject({
      image: null,
      updatedAt: '2026-11-20T10:00:00.000Z',
    });
  });
});
