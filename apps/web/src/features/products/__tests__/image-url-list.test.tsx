import { api as endpoints } from '@haat/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, reply, route } from '../../../test/screen-kit';
import { ImageUrlList } from '../components/image-url-list';

function Harness({ initial = [] as string[] }) {
  const [images, setImages] = useState(initial);
  return (
    <>
      <ImageUrlList images={images} onChange={setImages} />
      <Toaster />
    </>
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ImageUrlList', () => {
  it('keeps Add disabled while the box is empty', () => {
    render(<Harness />);
    expect(screen.getByRole('button', { name: 'Add Image' })).toBeDisabled();
  });

  it.each([
    ['   ', 'Please enter a URL'],
    ['not a url', 'Please enter a valid URL (include http:// or https://)'],
    ['ftp://files.example/a.jpg', 'Please enter a valid URL (include http:// or https://)'],
    ['https://img.example/a.jpg', 'This URL is already added'],
  ])('refuses %j with %j', async (url, message) => {
    const user = userEvent.setup();
    render(<Harness initial={['https://img.example/a.jpg']} />);

    await user.type(screen.getByLabelText('Image URL'), url);
    await user.click(screen.getByRole('button', { name: 'Add Image' }));

    expect(screen.getByLabelText('Image URL')).toHaveAccessibleDescription(message);
    expect(within(screen.getByRole('list', { name: 'Product images' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('adds with Enter and removes by position', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['https://img.example/a.jpg']} />);

    await user.type(screen.getByLabelText('Image URL'), 'https://img.example/b.jpg{Enter}');
    expect(screen.getByLabelText('Image URL')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));

    const items = within(screen.getByRole('list', { name: 'Product images' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^https:/).textContent)).toEqual(['https://img.example/b.jpg']);
  });

  it('moves an image earlier or later; the first is the main image', async () => {
    const user = userEvent.setup();
    render(
      <Harness initial={['https://img.example/a.jpg', 'https://img.example/b.jpg', 'https://img.example/c.jpg']} />,
    );
    const urls = () =>
      within(screen.getByRole('list', { name: 'Product images' }))
        .getAllByRole('listitem')
        .map((item) => within(item).getByText(/^https:/).textContent);

    expect(screen.getByRole('button', { name: 'Move image 1 earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move image 3 later' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move image 3 earlier' }));
    expect(urls()).toEqual(['https://img.example/a.jpg', 'https://img.example/c.jpg', 'https://img.example/b.jpg']);
    await user.click(screen.getByRole('button', { name: 'Move image 1 later' }));
    expect(urls()).toEqual(['https://img.example/c.jpg', 'https://img.example/a.jpg', 'https://img.example/b.jpg']);
    const first = within(screen.getByRole('list', { name: 'Product images' })).getAllByRole('listitem')[0];
    expect(within(first as HTMLElement).getByText('Main image')).toBeInTheDocument();
  });

  it('uploads several chosen files one after another, adding each, and names a refused one', async () => {
    const user = userEvent.setup();
    let next = 10;
    const api = fakeApi({
      [route(endpoints.uploads.create)]: (call) =>
        String(call.body).includes('broken')
          ? reply(415, {
              success: false,
              code: 'UNSUPPORTED_MEDIA_TYPE',
              message: 'The image could not be read. Upload a PNG, JPEG, WebP or GIF image',
            })
          : {
              success: true,
              message: 'Image uploaded successfully!',
              _id: String(++next),
              url: `/api/uploads/${next}`,
              contentType: 'image/webp',
              size: 100,
            },
    });
    render(<Harness initial={['https://img.example/a.jpg']} />);
    const png = (name: string, content: string) => new File([content], name, { type: 'image/png' });

    await user.upload(screen.getByTestId('image-files'), [
      png('one.png', 'first'),
      png('two.png', 'broken'),
      png('three.png', 'third'),
    ]);

    await vi.waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Product images' }))
          .getAllByRole('listitem')
          .map((item) => within(item).getByText(/^(https:|\/api)/).textContent),
      ).toEqual(['https://img.example/a.jpg', '/api/uploads/11', '/api/uploads/12']),
    );
    expect(api.callsTo(endpoints.uploads.create)).toHaveLength(3);
    expect(
      await screen.findByText(
        '2 images uploaded, two.png: The image could not be read. Upload a PNG, JPEG, WebP or GIF image',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose Images' })).toBeEnabled();
  });

  it('refuses a file over 2 MB without sending it', async () => {
    const user = userEvent.setup();
    const api = fakeApi({});
    render(<Harness />);
    await user.upload(
      screen.getByTestId('image-files'),
      new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('huge.png: Images must be at most 2 MB')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
