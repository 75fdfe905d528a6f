import { api as endpoints, productMessages } from '@haat/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { ProductFormPage } from '../pages/product-form-page';
import { type Call, fakeApi, makeProduct, renderScreen, route, signInAs, timestamps } from './support';

const electronics = {
  _id: '10',
  name: 'Electronics',
  imageUrl: 'https://img.example/e.jpg',
  subcategoryCount: 1,
  productCount: 3,
  ...timestamps,
};
const books = {
  _id: '20',
  name: 'Books',
  imageUrl: 'https://img.example/b.jpg',
  subcategoryCount: 0,
  productCount: 0,
  ...timestamps,
};
const phones = {
  _id: '11',
  name: 'Phones',
  category: { _id: '10', name: 'Electronics' },
  categoryId: '10',
  productCount: 0,
  ...timestamps,
};
const traders = {
  _id: '7',
  name: 'Ravi',
  email: 'ravi@example.com',
  businessName: 'Ravi Traders',
  phoneNumber: '9999999999',
  address: 'Pune',
  status: 'approved',
  ...timestamps,
};

const saved = makeProduct({ _id: '500', name: 'Desk Lamp' });

function formApi(extra: Record<string, (call: Call) => unknown> = {}) {
  return fakeApi({
    [route(endpoints.categories.list)]: () => ({ success: true, categories: [electronics, books] }),
    [route(endpoints.subcategories.list)]: (call) => ({
      success: true,
      subcategories: call.url.searchParams.get('category') === '10' ? [phones] : [],
    }),
    [route(endpoints.vendors.list)]: () => ({ success: true, vendors: [traders] }),
    [route(endpoints.products.create)]: () => ({ success: true, message: productMessages.created, product: saved }),
    ...extra,
  });
}

const renderNew = () =>
  renderScreen(<ProductFormPage />, { route: '/admin/products/new', path: '/admin/products/new' });

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Product Name'), 'Desk Lamp');
  await user.type(screen.getByLabelText('SKU'), 'LAMP-1');
  await user.type(screen.getByLabelText('Product Details'), 'A warm light');
  await user.type(screen.getByLabelText('Sale Price (Rs.)'), '90.5');
  await user.type(screen.getByLabelText('Actual Price (Rs.)'), '120');
  await user.type(screen.getByLabelText('Stock Quantity'), '0');
  await user.selectOptions(
    await screen.findByLabelText('Category'),
    await screen.findByRole('option', { name: 'Electronics' }),
  );
}

/** A toast's title (the same words may also sit under a field). */
const findToast = (text: string) => screen.findByText(text, { selector: '[data-title]' });

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

describe('ProductFormPage', () => {
  it('shows the six sections to an admin', async () => {
    signInAs('admin');
    formApi();
    renderNew();

    expect(screen.getByRole('heading', { name: 'Add New Product' })).toBeInTheDocument();
    for (const section of [
      'Basic Information',
      'Product Specifications',
      'Pricing & Inventory',
      'Categorization',
      'Vendor Assignment',
      'Product Images',
    ]) {
      expect(screen.getByRole('region', { name: section })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Back to Products' })).toHaveAttribute('href', '/admin/products');
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/admin/products');
  });

  it('joins every failed rule in one toast and sends nothing', async () => {
    signInAs('admin');
    const api = formApi();
    const user = userEvent.setup();
    renderNew();

    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    expect(
      await screen.findByText(
        'Product name is required, Product details are required, SKU is required, Valid sale price is required, Valid actual price is required, Valid stock quantity is required, Category is required',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Product Name')).toHaveAccessibleDescription('Product name is required');
    expect(api.callsTo(endpoints.products.create)).toHaveLength(0);
  });

  it('refuses a negative stock but accepts 0, sends numbers, and returns to the list after saving', async () => {
    signInAs('admin');
    const api = formApi();
    const user = userEvent.setup();
    const { router } = renderNew();

    await fillRequired(user);
    await user.clear(screen.getByLabelText('Stock Quantity'));
    await user.type(screen.getByLabelText('Stock Quantity'), '-1');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await findToast('Valid stock quantity is required')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Stock Quantity'));
    await user.type(screen.getByLabelText('Stock Quantity'), '0');
    await user.selectOptions(screen.getByLabelText('Vendor'), 'Ravi Traders');
    await user.type(screen.getByLabelText('Image URL'), 'https://img.example/lamp.jpg');
    await user.click(screen.getByRole('button', { name: 'Add Image' }));
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Product created successfully!')).toBeInTheDocument();
    expect(api.callsTo(endpoints.products.create)[0]?.body).toEqual({
      name: 'Desk Lamp',
      productDetails: 'A warm light',
      brand: 'Unknown',
      sku: 'LAMP-1',
      warrantyPeriod: 'No Warranty',
      salePrice: 90.5,
      actualPrice: 120,
      stockQuantity: 0,
      // Issue 35: no HSN code given; no GST rate chosen (the store's default).
      hsnCode: null,
      category: 10,
      subcategory: null,
      images: ['https://img.example/lamp.jpg'],
      vendor: 7,
      status: 'active',
    });
    expect(screen.getByRole('button', { name: 'Create Product' })).toBeDisabled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products'), { timeout: 3000 });
  });

  it('sends the HSN code and the GST rate chosen among the slabs, and refuses an HSN code that is not 4 to 8 digits', async () => {
    signInAs('admin');
    const api = formApi();
    const user = userEvent.setup();
    renderNew();

    await fillRequired(user);
    expect(screen.getByLabelText('GST Rate')).toHaveValue('');
    expect(
      within(screen.getByLabelText('GST Rate'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Store default', '0%', '0.25%', '3%', '5%', '18%', '40%']);
    await user.type(screen.getByLabelText('HSN Code'), '94');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await findToast('HSN code must be 4 to 8 digits')).toBeInTheDocument();
    expect(api.callsTo(endpoints.products.create)).toHaveLength(0);

    await user.type(screen.getByLabelText('HSN Code'), '05');
    await user.selectOptions(screen.getByLabelText('GST Rate'), '18%');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Product created successfully!')).toBeInTheDocument();
    expect(api.callsTo(endpoints.products.create)[0]?.body).toMatchObject({ hsnCode: '9405', gstRate: 18 });
  });

  it('offers subcategories of the chosen category only, and clears the choice when the category changes', async () => {
    signInAs('admin');
    formApi();
    const user = userEvent.setup();
    renderNew();

    const subcategory = screen.getByLabelText('Subcategory');
    expect(subcategory).toBeDisabled();
    await user.selectOptions(
      await screen.findByLabelText('Category'),
      await screen.findByRole('option', { name: 'Electronics' }),
    );
    await user.selectOptions(subcategory, await screen.findByRole('option', { name: 'Phones' }));
    expect(subcategory).toHaveValue('11');

    await user.selectOptions(screen.getByLabelText('Category'), 'Books');
    expect(subcategory).toHaveValue('');
    await waitFor(() => expect(subcategory).toBeDisabled());
    expect(within(subcategory).getByRole('option', { name: 'No subcategories available' })).toBeInTheDocument();
  });

  it('gives a vendor no status and no vendor field, and sends neither', async () => {
    signInAs('vendor');
    const api = formApi({
      [route(endpoints.products.create)]: () => ({
        success: true,
        message: productMessages.createdAwaitingApproval,
        product: saved,
      }),
    });
    const user = userEvent.setup();
    renderNew();

    expect(screen.queryByLabelText('Status')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Vendor Assignment' })).not.toBeInTheDocument();
    expect(screen.getByText(/Please wait for admin approval\./)).toBeInTheDocument();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    expect(
      await screen.findByText('Product submitted successfully! Please wait for admin approval.'),
    ).toBeInTheDocument();
    const body = api.callsTo(endpoints.products.create)[0]?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('vendor');
    expect(body).not.toHaveProperty('status');
    expect(api.callsTo(endpoints.vendors.list)).toHaveLength(0);
  });

  it('edits a saved product, keeping its subcategory and vendor', async () => {
    signInAs('admin');
    const product = makeProduct({
      _id: '42',
      name: 'Old Phone',
      subcategory: { _id: '11', name: 'Phones' },
      vendor: { _id: '7', businessName: 'Ravi Traders', name: 'Ravi' },
      images: ['https://img.example/a.jpg', 'https://img.example/b.jpg'],
    });
    const api = formApi({
      [route(endpoints.products.get, { id: '42' })]: () => ({ success: true, product }),
      [route(endpoints.products.update, { id: '42' })]: () => ({
        success: true,
        message: productMessages.updated,
        product,
      }),
    });
    const user = userEvent.setup();
    renderScreen(<ProductFormPage />, { route: '/admin/products/edit/:id', path: '/admin/products/edit/42' });

    expect(await screen.findByRole('heading', { name: 'Edit Product' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Product Name')).toHaveValue('Old Phone');
    await waitFor(() => expect(screen.getByLabelText('Subcategory')).toHaveValue('11'));
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    await user.click(screen.getByRole('button', { name: 'Update Product' }));

    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    expect(api.callsTo(endpoints.products.update, { id: '42' })[0]?.body).toMatchObject({
      name: 'Old Phone',
      subcategory: 11,
      vendor: 7,
      images: ['https://img.example/b.jpg'],
      // The version the form was filled from, so the server can refuse a lost update.
      updatedAt: product.updatedAt,
    });
  });

  it('says so when someone else saved the product after it was opened, and stays on the form', async () => {
    signInAs('admin');
    const product = makeProduct({ _id: '43', name: 'Contested Lamp' });
    formApi({
      [route(endpoints.products.get, { id: '43' })]: () => ({ success: true, product }),
      [route(endpoints.products.update, { id: '43' })]: () => ({
        status: 409,
        body: { success: false, code: 'CONFLICT', message: productMessages.changedMeanwhile },
      }),
    });
    const user = userEvent.setup();
    renderScreen(<ProductFormPage />, { route: '/admin/products/edit/:id', path: '/admin/products/edit/43' });

    await user.clear(await screen.findByLabelText('Product Name'));
    await user.type(screen.getByLabelText('Product Name'), 'My Lamp');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));

    expect(await findToast(productMessages.changedMeanwhile)).toBeInTheDocument();
    expect(screen.getByLabelText('Product Name')).toHaveValue('My Lamp');
    expect(screen.queryByText(/^Elsewhere:/)).not.toBeInTheDocument();
  });

  describe('reviewing a pending product from View Details', () => {
    const pending = makeProduct({
      _id: '77',
      name: 'Brass Diya',
      isApproved: false,
      approvalStatus: 'pending',
      status: 'pending',
      vendor: { _id: '7', businessName: 'Ravi Traders', name: 'Ravi' },
    });
    const reviewApi = () =>
      formApi({
        [route(endpoints.products.get, { id: '77' })]: () => ({ success: true, product: pending }),
        [route(endpoints.products.review, { id: '77' })]: (call) => {
          const approved = (call.body as { isApproved: boolean }).isApproved;
          return {
            success: true,
            message: approved ? productMessages.approved : productMessages.rejected,
            product: { ...pending, isApproved: approved, approvalStatus: approved ? 'approved' : 'rejected' },
          };
        },
      });
    const renderReview = () =>
      renderScreen(<ProductFormPage />, { route: '/admin/products/:id', path: '/admin/products/77' });

    it.each([
      ['Approve', true, productMessages.approved],
      ['Reject', false, productMessages.rejected],
    ])('%s tells so and returns to the pending list', async (button, isApproved, toast) => {
      signInAs('admin');
      const api = reviewApi();
      const user = userEvent.setup();
      const { router } = renderReview();

      const review = await screen.findByRole('region', { name: 'Review' });
      expect(within(review).getByText('Pending Approval')).toBeInTheDocument();
      expect(await screen.findByLabelText('Product Name')).toHaveValue('Brass Diya');
      await user.click(within(review).getByRole('button', { name: button }));
      if (!isApproved) {
        // Rejecting asks for the reason first (issue 12).
        const dialog = await screen.findByRole('dialog', { name: 'Reject Product?' });
        await user.type(within(dialog).getByLabelText('Reason for rejection'), 'Wrong photos');
        await user.click(within(dialog).getByRole('button', { name: 'Reject Product' }));
      }

      expect(await screen.findByText(toast)).toBeInTheDocument();
      // (This test's one route would also match /admin/products/pending, so read the address.)
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products/pending'));
      expect(api.callsTo(endpoints.products.review, { id: '77' })[0]?.body).toEqual({
        isApproved,
        updatedAt: pending.updatedAt,
        ...(isApproved ? {} : { reason: 'Wrong photos' }),
      });
    });

    it('approves with the unsaved edits in the same request, never dropping them', async () => {
      signInAs('admin');
      const api = reviewApi();
      const user = userEvent.setup();
      renderReview();

      const name = await screen.findByLabelText('Product Name');
      await user.clear(name);
      await user.type(name, 'Brass Diya, large');
      const review = screen.getByRole('region', { name: 'Review' });
      expect(within(review).getByText('Your unsaved changes will be saved with your decision.')).toBeInTheDocument();
      await user.click(within(review).getByRole('button', { name: 'Save & Approve' }));

      // A generous wait: the form checks the edits before the call, slow on a loaded machine.
      expect(await screen.findByText(productMessages.approved, {}, { timeout: 10_000 })).toBeInTheDocument();
      const calls = api.callsTo(endpoints.products.review, { id: '77' });
      expect(calls).toHaveLength(1);
      expect(calls[0]?.body).toMatchObject({
        isApproved: true,
        updatedAt: pending.updatedAt,
        product: { name: 'Brass Diya, large', sku: pending.sku },
      });
      expect(api.callsTo(endpoints.products.update, { id: '77' })).toHaveLength(0);
    });

    it('sends nothing while the unsaved edits are invalid', async () => {
      signInAs('admin');
      const api = reviewApi();
      const user = userEvent.setup();
      renderReview();

      await user.clear(await screen.findByLabelText('Product Name'));
      await user.click(
        within(screen.getByRole('region', { name: 'Review' })).getByRole('button', { name: 'Save & Approve' }),
      );
      expect((await screen.findAllByText(productMessages.nameRequired)).length).toBeGreaterThan(0);
      expect(api.callsTo(endpoints.products.review, { id: '77' })).toHaveLength(0);
    });

    it('shows the vendor why their product was rejected', async () => {
      signInAs('vendor');
      formApi({
        [route(endpoints.products.get, { id: '77' })]: () => ({
          success: true,
          product: { ...pending, approvalStatus: 'rejected', rejectionReason: 'Photos are blurry' },
        }),
      });
      renderScreen(<ProductFormPage />, { route: '/admin/products/edit/:id', path: '/admin/products/edit/77' });
      const banner = await screen.findByRole('region', { name: 'Review' });
      expect(within(banner).getByText('Rejected by the administrator')).toBeInTheDocument();
      expect(within(banner).getByText('Reason: Photos are blurry')).toBeInTheDocument();
      expect(within(banner).queryByRole('button')).not.toBeInTheDocument();
    });

    it("returns to the queue from 'Back to Products' when opened out of it", async () => {
      signInAs('admin');
      reviewApi();
      renderScreen(<ProductFormPage />, { route: '/admin/products/:id', path: '/admin/products/77?from=pending' });
      expect(await screen.findByRole('link', { name: 'Back to Products' })).toHaveAttribute(
        'href',
        '/admin/products/pending',
      );
    });

    it('stays on the form with the server message when the review fails', async () => {
      signInAs('admin');
      formApi({
        [route(endpoints.products.get, { id: '77' })]: () => ({ success: true, product: pending }),
        [route(endpoints.products.review, { id: '77' })]: () => ({
          status: 404,
          body: { success: false, message: 'Product not found', code: 'NOT_FOUND' },
        }),
      });
      const user = userEvent.setup();
      renderReview();

      await user.click(
        within(await screen.findByRole('region', { name: 'Review' })).getByRole('button', { name: 'Approve' }),
      );
      expect(await screen.findByText('Product not found')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Edit Product' })).toBeInTheDocument();
    });

    it('is not offered to a vendor, nor on a product already reviewed', async () => {
      signInAs('vendor');
      reviewApi();
      renderReview();
      expect(await screen.findByLabelText('Product Name')).toHaveValue('Brass Diya');
      expect(screen.queryByRole('region', { name: 'Review' })).not.toBeInTheDocument();
      cleanup();
      sessionStore.end();

      signInAs('admin');
      formApi({
        [route(endpoints.products.get, { id: '78' })]: () => ({
          success: true,
          product: makeProduct({ _id: '78', name: 'Lamp' }),
        }),
      });
      renderScreen(<ProductFormPage />, { route: '/admin/products/:id', path: '/admin/products/78' });
      expect(await screen.findByLabelText('Product Name')).toHaveValue('Lamp');
      expect(screen.queryByRole('region', { name: 'Review' })).not.toBeInTheDocument();
    });
  });

  it("shows the server's message when the save fails", async () => {
    signInAs('admin');
    formApi({
      [route(endpoints.products.create)]: () => ({
        status: 409,
        body: {
          success: false,
          message: productMessages.skuTaken,
          code: 'SKU_TAKEN',
          errors: { sku: productMessages.skuTaken },
        },
      }),
    });
    const user = userEvent.setup();
    renderNew();

    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    expect(await findToast(productMessages.skuTaken)).toBeInTheDocument();
    expect(screen.getByLabelText('SKU')).toHaveAccessibleDescription(productMessages.skuTaken);
  });
});
