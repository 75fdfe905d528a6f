import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { notify } from '../notify';

afterEach(cleanup);

describe('notify', () => {
  it('shows one toast per action: a new one replaces the one on screen', async () => {
    render(<Toaster />);
    act(() => {
      notify.error('Failed to save product');
    });
    expect(await screen.findByText('Failed to save product')).toBeInTheDocument();

    act(() => {
      notify.error('Failed to save product');
      notify.success('Product updated successfully!');
    });
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    expect(screen.queryByText('Failed to save product')).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows an answer that comes just as the toast before it leaves', async () => {
    render(<Toaster />);
    act(() => {
      notify.info('Image removed');
    });
    const leaving = (await screen.findByText('Image removed')).closest('li');
    // Its 2 s are up: sonner marks it removed and takes it away 200 ms later.
    await waitFor(() => expect(leaving).toHaveAttribute('data-removed', 'true'), { timeout: 4000, interval: 5 });
    act(() => {
      notify.success('Product updated successfully!');
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.getByText('Product updated successfully!')).toBeInTheDocument();
    expect(screen.queryByText('Image removed')).not.toBeInTheDocument();
  });

  it('keeps a progress toast apart, and a caller may ask for a toast of its own', async () => {
    render(<Toaster />);
    act(() => {
      notify.progress('Creating vendor...');
      notify.success('Filters cleared!');
      notify.info('Image removed', { id: 'image' });
    });
    expect(await screen.findByText('Creating vendor...')).toBeInTheDocument();
    expect(screen.getByText('Filters cleared!')).toBeInTheDocument();
    expect(screen.getByText('Image removed')).toBeInTheDocument();
  });
});
