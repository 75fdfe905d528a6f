import { act, cleanup, render, screen } from '@testing-library/react';
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
