import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterChips } from '../filter-chips';

afterEach(cleanup);

describe('FilterChips', () => {
  it('renders nothing without filters', () => {
    const { container } = render(<FilterChips chips={[]} onClearAll={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('drops one filter by its chip, or all with Clear all', async () => {
    const user = userEvent.setup();
    const removeStatus = vi.fn();
    const clearAll = vi.fn();
    render(
      <FilterChips
        chips={[
          { key: 'status', label: 'Status: Active', onRemove: removeStatus },
          { key: 'stock', label: 'Stock: In Stock', onRemove: vi.fn() },
        ]}
        onClearAll={clearAll}
      />,
    );

    expect(within(screen.getByRole('list', { name: 'Active filters' })).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove filter Status: Active' }));
    expect(removeStatus).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(clearAll).toHaveBeenCalledOnce();
  });
});
