import { api as endpoints, type ImportPreviewResponse, importMessages, productMessages } from '@haat/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, reply, route, signInAs, stubLayout } from '../../../test/screen-kit';
import { ImportProductsPage } from '../pages/import-products-page';

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

const csv =
  'SKU,Name,Price,Category,Pictures\nA-1,Tumbler,99,Kitchen,https://img.example.test/a.jpg\nA-2,,x,Kitchen,\n';

const previewOf = (mapping: ImportPreviewResponse['mapping']): ImportPreviewResponse => ({
  success: true,
  columns: ['SKU', 'Name', 'Price', 'Category', 'Pictures'],
  mapping,
  counts: { rows: 2, create: 1, update: 0, unchanged: 0, refused: 1 },
  preview: [
    {
      line: 2,
      outcome: 'create',
      sku: 'A-1',
      name: 'Tumbler',
      brand: 'Unknown',
      salePrice: 99,
      actualPrice: 99,
      stockQuantity: 0,
      category: 'Kitchen',
      subcategory: null,
      images: mapping.images === undefined ? 0 : 1,
    },
    {
      line: 3,
      outcome: 'refused',
      sku: 'A-2',
      name: '',
      brand: 'Unknown',
      salePrice: null,
      actualPrice: null,
      stockQuantity: 0,
      category: 'Kitchen',
      subcategory: null,
      images: 0,
    },
  ],
  errors: [
    { line: 3, field: 'Product name', message: productMessages.nameRequired },
    { line: 3, field: 'Sale price', message: productMessages.salePriceRequired },
  ],
});

const job = {
  _id: '9',
  kind: 'product-import',
  state: 'queued',
  progress: 0,
  total: 2,
  summary: null,
  fileName: null,
  error: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  finishedAt: null,
  expiresAt: null,
  downloadUrl: null,
};

describe('Import products', () => {
  it('previews a file with the guessed columns, lists its bad rows, previews again with a changed column, and starts the import', async () => {
    signInAs('admin');
    const restore = stubLayout();
    const api = fakeApi({
      [route(endpoints.products.preview)]: (call) =>
        previewOf(
          (call.body as { mapping?: ImportPreviewResponse['mapping'] }).mapping ?? {
            sku: 0,
            name: 1,
            salePrice: 2,
            category: 3,
          },
        ),
      [route(endpoints.products.start)]: () => reply(202, { success: true, message: importMessages.started, job }),
    });
    const user = userEvent.setup();
    const { router } = renderScreen(<ImportProductsPage />, {
      route: '/admin/products/import',
      path: '/admin/products/import',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Import products' })).toBeInTheDocument();

    await user.upload(screen.getByLabelText('CSV file'), new File([csv], 'kitchen.csv', { type: 'text/csv' }));
    expect(
      await screen.findByText('kitchen.csv: 2 rows: 1 new, 0 to update, 0 unchanged, 1 refused.'),
    ).toBeInTheDocument();
    expect(api.callsTo(endpoints.products.preview)[0]?.body).toEqual({ csv });
    expect(screen.getByLabelText('SKU', { selector: 'select' })).toHaveValue('0');
    expect(screen.getByLabelText('Images', { selector: 'select' })).toHaveValue('');
    const refused = screen.getByRole('region', { name: 'Rows that will be refused (1)' });
    expect(
      within(refused)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Line 3 · Product name: ${productMessages.nameRequired}`,
      `Line 3 · Sale price: ${productMessages.salePriceRequired}`,
    ]);

    await user.selectOptions(screen.getByLabelText('Images', { selector: 'select' }), 'Pictures');
    await waitFor(() => expect(api.callsTo(endpoints.products.preview)).toHaveLength(2));
    expect(api.callsTo(endpoints.products.preview)[1]?.body).toEqual({
      csv,
      mapping: { sku: 0, name: 1, salePrice: 2, category: 3, images: 4 },
    });
    expect(await screen.findByLabelText('Images', { selector: 'select' })).toHaveValue('4');

    await user.click(screen.getByRole('button', { name: 'Import 1 row' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products/import/9'));
    expect(api.callsTo(endpoints.products.start)[0]?.body).toEqual({
      csv,
      mapping: { sku: 0, name: 1, salePrice: 2, category: 3, images: 4 },
    });
    restore();
  });

  it('says why a file cannot be read, and tells a vendor their products wait for approval', async () => {
    signInAs('vendor');
    fakeApi({
      [route(endpoints.products.preview)]: () =>
        reply(400, { success: false, code: 'VALIDATION_FAILED', message: importMessages.columnMissing('SKU') }),
    });
    const user = userEvent.setup();
    renderScreen(<ImportProductsPage />);
    expect(screen.getByText(/New and changed products go to the approval queue/)).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('CSV file'),
      new File(['Name\nTumbler\n'], 'no-sku.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(importMessages.columnMissing('SKU'));
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
  });
});
