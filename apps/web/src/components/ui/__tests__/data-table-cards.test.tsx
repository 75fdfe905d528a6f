import type { ColumnDef } from '@tanstack/react-table';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubLayout, stubScreenWidth } from '../../../test/screen-kit';
import { CARDS_BATCH, DataTable, LongText } from '../data-table';

interface Item {
  id: string;
  name: string;
  sku: string;
}

const onDelete = vi.fn();
const columns: ColumnDef<Item>[] = [
  { id: 'name', header: 'Name', meta: { card: 'title', sortable: true }, cell: ({ row }) => row.original.name },
  { id: 'sku', header: 'SKU', cell: ({ row }) => <LongText text={row.original.sku} /> },
  { id: 'secret', header: 'Internal', meta: { card: 'hidden' }, cell: () => 'not on cards' },
  {
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    meta: { card: 'actions', label: 'Actions' },
    cell: ({ row }) => (
      <button type="button" onClick={() => onDelete(row.original.id)}>
        Delete {row.original.name}
      </button>
    ),
  },
];
const longSku = 'SKU-'.padEnd(80, 'X');
const data: Item[] = [
  { id: '1', name: 'Brass Diya', sku: longSku },
  { id: '2', name: 'Clay Lamp', sku: 'CL-2' },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  onDelete.mockClear();
});

describe('DataTable cards mode', () => {
  it('shows a card per row under 768 px: the title, labelled fields, actions at the foot, hidden columns left off', () => {
    stubScreenWidth(390);
    render(<DataTable label="Things" columns={columns} data={data} getRowId={(i) => i.id} cardLabel={(i) => i.name} />);

    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Things' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = screen.getByRole('article', { name: 'Brass Diya' });
    expect(within(first).getByText('SKU')).toBeInTheDocument();
    // On a card the long SKU wraps rather than being cut, and it is the whole text.
    const sku = within(first).getByText(longSku);
    expect(sku).not.toHaveClass('truncate');
    expect(within(first).queryByText('not on cards')).not.toBeInTheDocument();
    fireEvent.click(within(first).getByRole('button', { name: 'Delete Brass Diya' }));
    expect(onDelete).toHaveBeenCalledWith('1');
  });

  it('shows the table from 768 px up, the long text cut with the whole of it in its tooltip and focusable', () => {
    stubScreenWidth(1440);
    render(<DataTable label="Things" columns={columns} data={data} getRowId={(i) => i.id} />);
    expect(screen.getByRole('table', { name: 'Things' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('cuts long text in a table cell, keeping the whole text in its tooltip and reachable by focus', () => {
    // jsdom lays nothing out: give the virtualised rows a height so they render.
    const undo = stubLayout();
    render(<DataTable label="Things" columns={columns} data={data} getRowId={(i) => i.id} layout="table" />);
    const sku = screen.getByText(longSku);
    expect(sku).toHaveClass('truncate');
    expect(sku).toHaveAttribute('title', longSku);
    expect(sku).toHaveAttribute('tabindex', '0');
    undo();
  });

  it('reports the order asked for: a sortable header cycles ascending, descending, default', () => {
    const onSortChange = vi.fn();
    const { rerender } = render(
      <DataTable
        label="Things"
        columns={columns}
        data={data}
        getRowId={(i) => i.id}
        layout="table"
        sort={null}
        onSortChange={onSortChange}
      />,
    );
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'SKU' })).not.toHaveAttribute('aria-sort');
    fireEvent.click(within(header).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'name', direction: 'asc' });

    rerender(
      <DataTable
        label="Things"
        columns={columns}
        data={data}
        getRowId={(i) => i.id}
        layout="table"
        sort={{ column: 'name', direction: 'asc' }}
        onSortChange={onSortChange}
      />,
    );
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(within(header).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'name', direction: 'desc' });

    rerender(
      <DataTable
        label="Things"
        columns={columns}
        data={data}
        getRowId={(i) => i.id}
        layout="table"
        sort={{ column: 'name', direction: 'desc' }}
        onSortChange={onSortChange}
      />,
    );
    fireEvent.click(within(header).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith(null);
  });

  it('offers the sort as a choice on cards', () => {
    const onSortChange = vi.fn();
    render(
      <DataTable
        label="Things"
        columns={columns}
        data={data}
        getRowId={(i) => i.id}
        layout="cards"
        sort={null}
        onSortChange={onSortChange}
      />,
    );
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'name:desc' } });
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'name', direction: 'desc' });
  });

  it('puts a list given whole on cards a batch at a time, Load more adding the next, and the server’s pages whole', () => {
    stubScreenWidth(390);
    const many: Item[] = Array.from({ length: CARDS_BATCH * 2 + 7 }, (_, index) => ({
      id: String(index),
      name: `Entry ${index}`,
      sku: `SKU-${index}`,
    }));
    const { rerender } = render(<DataTable label="Things" columns={columns} data={many} getRowId={(i) => i.id} />);
    const list = () => screen.getByRole('list', { name: 'Things' });
    expect(within(list()).getAllByRole('article')).toHaveLength(CARDS_BATCH);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(within(list()).getAllByRole('article')).toHaveLength(CARDS_BATCH * 2);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(within(list()).getAllByRole('article')).toHaveLength(many.length);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    // A list the server pages shows every row it was given and asks the server for more.
    const onEndReached = vi.fn();
    rerender(
      <DataTable
        label="Things"
        columns={columns}
        data={many}
        getRowId={(i) => i.id}
        hasMore
        onEndReached={onEndReached}
      />,
    );
    expect(within(list()).getAllByRole('article')).toHaveLength(many.length);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onEndReached).toHaveBeenCalledTimes(1);
  });
});
