import type { ColumnDef } from '@tanstack/react-table';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DataTable } from '../data-table';

interface Item {
  id: string;
  name: string;
}

const columns: ColumnDef<Item>[] = [{ id: 'name', header: 'Name', cell: ({ row }) => row.original.name }];
const items = (count: number): Item[] =>
  Array.from({ length: count }, (_, i) => ({ id: String(i), name: `Item ${i}` }));

// jsdom lays nothing out: a 500 px viewport and 50 px rows.
const saved = {
  client: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
  offset: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight'),
};
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 500 });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 50 });
});
afterAll(() => {
  if (saved.client) Object.defineProperty(HTMLElement.prototype, 'clientHeight', saved.client);
  if (saved.offset) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', saved.offset);
});
afterEach(cleanup);

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Things' }))
    .getAllByRole('row')
    .slice(1);

describe('DataTable', () => {
  it('renders only the rows in view, and tells assistive technology how many there are', () => {
    render(
      <DataTable
        label="Things"
        columns={columns}
        data={items(1000)}
        getRowId={(i) => i.id}
        estimateRowHeight={50}
        totalRows={5000}
      />,
    );

    const table = screen.getByRole('table', { name: 'Things' });
    expect(table).toHaveAttribute('aria-rowcount', '5001');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    const rendered = bodyRows().filter((row) => row.getAttribute('aria-hidden') !== 'true');
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(40);
    expect(rendered[0]).toHaveTextContent('Item 0');
    expect(rendered[0]).toHaveAttribute('aria-rowindex', '2');
  });

  it('asks for more only once the user scrolls near the end, and only when there is more', () => {
    const onEndReached = vi.fn();
    const { rerender } = render(
      <DataTable
        label="Things"
        columns={columns}
        data={items(200)}
        getRowId={(i) => i.id}
        estimateRowHeight={50}
        hasMore
        onEndReached={onEndReached}
      />,
    );
    expect(onEndReached).not.toHaveBeenCalled();

    const scroller = screen.getByRole('table', { name: 'Things' }).parentElement as HTMLElement;
    scroller.scrollTop = 200 * 50 - 500;
    fireEvent.scroll(scroller);
    expect(screen.getByText('Item 199')).toBeInTheDocument();
    expect(onEndReached).toHaveBeenCalled();

    onEndReached.mockClear();
    rerender(
      <DataTable
        label="Things"
        columns={columns}
        data={items(200)}
        getRowId={(i) => i.id}
        estimateRowHeight={50}
        hasMore={false}
        onEndReached={onEndReached}
      />,
    );
    fireEvent.scroll(scroller);
    expect(onEndReached).not.toHaveBeenCalled();
  });

  it('shows that more rows are loading', () => {
    render(
      <DataTable
        label="Things"
        columns={columns}
        data={items(3)}
        getRowId={(i) => i.id}
        loadingMore
        loadingMoreLabel="Loading more things..."
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading more things...');
  });

  it('lets the keyboard scroll a list with nothing to focus in its rows, when asked', () => {
    const { rerender } = render(<DataTable label="Things" columns={columns} data={items(3)} getRowId={(i) => i.id} />);
    expect(screen.queryByRole('region')).toBeNull();
    rerender(<DataTable label="Things" columns={columns} data={items(3)} getRowId={(i) => i.id} keyboardScroll />);
    const box = screen.getByRole('region', { name: 'Things, scrollable' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(within(box).getByRole('table', { name: 'Things' })).toBeInTheDocument();
  });
});
