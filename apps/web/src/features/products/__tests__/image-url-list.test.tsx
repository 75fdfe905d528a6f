import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
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

afterEach(cleanup);

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
    expect(items.map((item) => item.textContent)).toEqual(['https://img.example/b.jpg']);
  });
});
