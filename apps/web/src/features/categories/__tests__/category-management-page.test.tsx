import { categoryMessages, api as endpoints } from '@haat/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { type Call, fakeApi, renderScreen, route, signInAs, timestamps } from '../../../test/screen-kit';
import { CategoryManagementPage } from '../pages/category-management-page';

const category = (id: string, name: string, subcategoryCount: number) => ({
  _id: id,
  name,
  imageUrl: `https://img.example/${id}.jpg`,
  subcategoryCount,
  productCount: 0,
  ...timestamps,
});
const subcategory = (id: string, name: string, parent: { _id: string; name: string }) => ({
  _id: id,
  name,
  category: { _id: parent._id, name: parent.name },
  categoryId: parent._id,
  productCount: 0,
  ...timestamps,
});

const books = category('1', 'Books', 0);
const electronics = category('2', 'Electronics', 2);
const fashion = category('3', 'Fashion', 1);
const subcategories: Record<string, ReturnType<typeof subcategory>[]> = {
  '2': [subcategory('21', 'Phones', electronics), subcategory('22', 'Laptops', electronics)],
  '3': [subcategory('31', 'Shoes', fashion)],
};

function categoryApi(extra: Record<string, (call: Call) => unknown> = {}) {
  return fakeApi({
    [route(endpoints.categories.list)]: () => ({ success: true, categories: [books, electronics, fashion] }),
    [route(endpoints.subcategories.list)]: (call) => ({
      success: true,
      subcategories: subcategories[call.url.searchParams.get('category') ?? ''] ?? [],
    }),
    ...extra,
  });
}

const row = (name: string) => within(screen.getByRole('list', { name: 'Categories' })).getByRole('listitem', { name });
const findToast = (text: string) => screen.findByText(text, { selector: '[data-title]' });

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

describe('CategoryManagementPage', () => {
  it('lists the categories with the first one that has subcategories open, one row at a time', async () => {
    signInAs('admin');
    categoryApi();
    const user = userEvent.setup();
    renderScreen(<CategoryManagementPage />);

    expect(screen.getByRole('heading', { name: 'Category Management' })).toBeInTheDocument();
    expect(screen.getByText('Manage product categories and subcategories')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Categories (3)' })).toBeInTheDocument();
    // The load toast waits for a reload the user asks for (decision 0053).
    expect(screen.queryByText('Categories loaded successfully!')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await findToast('Categories loaded successfully!')).toBeInTheDocument();

    expect(within(row('Electronics')).getByRole('button', { name: 'Collapse Electronics' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const phones = await within(row('Electronics')).findByRole('list', { name: 'Subcategories of Electronics' });
    expect(
      within(phones)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Phones', 'Laptops']);
    expect(within(row('Electronics')).getByText('Subcategories (2)')).toBeInTheDocument();

    await user.click(within(row('Fashion')).getByRole('button', { name: 'Expand Fashion' }));
    expect(await within(row('Fashion')).findByRole('listitem', { name: 'Shoes' })).toBeInTheDocument();
    expect(within(row('Electronics')).getByRole('button', { name: 'Expand Electronics' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.queryByRole('list', { name: 'Subcategories of Electronics' })).not.toBeInTheDocument();
  });

  it('asks for a page of categories, counts from the server, and loads the next page on Load more', async () => {
    signInAs('admin');
    const api = categoryApi({
      [route(endpoints.categories.list)]: (call) => {
        const params = call.url.searchParams;
        // The parent dropdown reads the whole list, unpaged.
        if (!params.has('limit')) return { success: true, categories: [books, electronics, fashion] };
        return params.get('cursor') === 'after-electronics'
          ? { success: true, categories: [fashion], total: 3, nextCursor: null }
          : { success: true, categories: [books, electronics], total: 3, nextCursor: 'after-electronics' };
      },
    });
    const user = userEvent.setup();
    renderScreen(<CategoryManagementPage />);

    const list = await screen.findByRole('list', { name: 'Categories' });
    expect(screen.getByRole('heading', { name: 'Categories (3)' })).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem', { name: /^(Books|Electronics|Fashion)$/ })).toHaveLength(2);
    const paged = () => api.callsTo(endpoints.categories.list).filter((call) => call.url.searchParams.has('limit'));
    expect(paged()).toHaveLength(1);
    expect(paged()[0]?.url.searchParams.get('limit')).toBe('50');
    expect(paged()[0]?.url.searchParams.has('cursor')).toBe(false);
    // The dropdown offers every category, loaded or not.
    const parent = within(screen.getByRole('form', { name: 'Add New Subcategory' })).getByLabelText('Parent Category');
    await waitFor(() => expect(within(parent).getByRole('option', { name: 'Fashion' })).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('listitem', { name: 'Fashion' })).toBeInTheDocument();
    expect(paged()).toHaveLength(2);
    expect(paged()[1]?.url.searchParams.get('cursor')).toBe('after-electronics');
    expect(paged()[1]?.url.searchParams.get('limit')).toBe('50');
    expect(screen.getByRole('heading', { name: 'Categories (3)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // Still one row open: the first with subcategories.
    expect(within(list).getAllByRole('button', { name: /^Collapse / })).toHaveLength(1);
    expect(within(row('Electronics')).getByRole('button', { name: 'Collapse Electronics' })).toBeInTheDocument();
  });

  it('says so when there are no categories', async () => {
    signInAs('admin');
    fakeApi({ [route(endpoints.categories.list)]: () => ({ success: true, categories: [] }) });
    renderScreen(<CategoryManagementPage />);

    expect(await screen.findByText('No categories found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Categories (0)' })).toBeInTheDocument();
  });

  it('checks the category form, previews the image, and creates the category', async () => {
    signInAs('admin');
    const api = categoryApi({
      [route(endpoints.categories.create)]: () => ({
        success: true,
        message: categoryMessages.created,
        category: category('9', 'Toys', 0),
      }),
    });
    const user = userEvent.setup();
    renderScreen(<CategoryManagementPage />);
    const form = screen.getByRole('form', { name: 'Add New Category' });

    await user.click(within(form).getByRole('button', { name: 'Add Category' }));
    expect(within(form).getByLabelText('Category Name')).toHaveAccessibleDescription('Category name is required');
    expect(within(form).getByLabelText('Image URL')).toHaveAccessibleDescription('Image URL is required');

    await user.type(within(form).getByLabelText('Category Name'), 'Toys');
    await user.type(within(form).getByLabelText('Image URL'), 'toys.jpg');
    await user.click(within(form).getByRole('button', { name: 'Add Category' }));
    expect(within(form).getByLabelText('Image URL')).toHaveAccessibleDescription('Please enter a valid image URL');
    expect(within(form).queryByRole('link', { name: 'Open image in new tab' })).not.toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Image URL'));
    await user.type(within(form).getByLabelText('Image URL'), 'https://img.example/toys.jpg');
    expect(within(form).getByRole('img', { name: 'Category image preview' })).toHaveAttribute(
      'src',
      'https://img.example/toys.jpg',
    );
    expect(within(form).getByRole('link', { name: 'Open image in new tab' })).toHaveAttribute('target', '_blank');
    await user.click(within(form).getByRole('button', { name: 'Add Category' }));

    expect(await findToast('Category created successfully!')).toBeInTheDocument();
    expect(api.callsTo(endpoints.categories.create)[0]?.body).toEqual({
      _id: null,
      name: 'Toys',
      imageUrl: 'https://img.example/toys.jpg',
    });
    expect(within(form).getByLabelText('Category Name')).toHaveValue('');
  });

  it('takes an uploaded image: the stored address fills Image URL and is sent', async () => {
    signInAs('admin');
    const api = categoryApi({
      [route(endpoints.uploads.create)]: () => ({
        success: true,
        message: 'Image uploaded successfully!',
        _id: '41',
        url: '/api/uploads/41',
        contentType: 'image/webp',
        size: 1200,
      }),
      [route(endpoints.categories.create)]: () => ({
        success: true,
        message: categoryMessages.created,
        category: category('9', 'Toys', 0),
      }),
    });
    const user = userEvent.setup();
    renderScreen(<CategoryManagementPage />);
    const form = screen.getByRole('form', { name: 'Add New Category' });
    await user.type(within(form).getByLabelText('Category Name'), 'Toys');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'toys.png', { type: 'image/png' });
    await user.upload(within(form).getByLabelText('Upload Image'), file);

    expect(await findToast('Image uploaded successfully!')).toBeInTheDocument();
    expect(within(form).getByLabelText('Image URL')).toHaveValue('/api/uploads/41');
    expect(within(form).getByRole('img', { name: 'Category image preview' })).toHaveAttribute('src', '/api/uploads/41');
    await user.click(within(form).getByRole('button', { name: 'Add Category' }));
    expect(await findToast('Category created successfully!')).toBeInTheDocument();
    expect(api.callsTo(endpoints.categories.create)[0]?.body).toEqual({
      _id: null,
      name: 'Toys',
      imageUrl: '/api/uploads/41',
    });
  });

  it('edits a category, and Cancel returns to adding', async () => {
    signInAs('admin');
    const api = categoryApi({
      [route(endpoints.categories.update, { id: '1' })]: () => ({
        success: true,
        message: categoryMessages.updated,
        category: { ...books, name: 'Novels' },
      }),
    });
    const user = userEvent.setup();
    renderScreen(<CategoryManagementPage />);

    await user.click(
      await within(await screen.findByRole('list', { name: 'Categories' })).findByRole('button', {
        name: 'Edit Books',
      }),
    );
    const form = screen.getByRole('form', { name: 'Edit Category' });
    expect(within(form).getByLabelText('Category Name')).toHaveValue('Books');
    expect(within(form).getByLabelText('Category Name')).toHaveFocus();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('form', { name: 'Add New Category' })).toBeInTheDocument();

    await user.click(within(row('Books')).getByRole('button', { name: 'Edit Books' }));
    const editing = screen.getByRole('form', { name: 'Edit Category' });
    await user.clear(within(editing).getByLabelText('Category Name'));
    await user.type(within(editing).getByLabelText('Category Name'), 'Novels');
    await user.click(within(editing).getByRole('button', { name: 'Update Category' }));

    expect(await findToast('Category updated successfully!')).toBeInTheDocument();
    expect(api.callsTo(endpoints.categories.update, { id: '1' })[0]?.body).toMatchObject({ name: 'Novels' });
    expect(screen.getByRole('form', { name: 'Add New Category' })).toBeInTheDocument();
  });

  it('checks the subcategory form on change and blur, keeping submit disabled until valid', async () => {
    signInAs('admin');
    const api = categoryApi({
      [route(endpoints.subcategories.create)]: () => ({
        success: true,
        message: categoryMessages.subcategoryCreated,
        subcategory: subcategory('40', 'Comics', books),
      }),
    });
    const user = userEvent.setup();
    renderScreen(<CategoryManagementPage />);
    await screen.findByRole('heading', { name: 'Categories (3)' });
    const form = screen.getByRole('form', { name: 'Add New Subcategory' });
    const submit = within(form).getByRole('button', { name: 'Add Subcategory' });
    const name = within(form).getByLabelText('Subcategory Name');
    const parent = within(form).getByLabelText('Parent Category');

    await waitFor(() => expect(submit).toBeDisabled());
    await user.click(name);
    await user.tab();
    expect(name).toHaveAccessibleDescription('Subcategory name is required');
    expect(within(form).getByRole('alert')).toHaveTextContent('Please fix the errors above before submitting');

    await user.type(name, 'C');
    expect(name).toHaveAccessibleDescription('Subcategory name must be at least 2 characters long');
    await user.type(name, 'omics');
    expect(name).not.toHaveAccessibleDescription();
    await user.click(parent);
    await user.tab();
    expect(parent).toHaveAccessibleDescription('Please select a parent category');
    expect(submit).toBeDisabled();

    await user.selectOptions(parent, 'Books');
    await waitFor(() => expect(submit).toBeEnabled());
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(submit);

    expect(await findToast('Subcategory created successfully!')).toBeInTheDocument();
    expect(api.callsTo(endpoints.subcategories.create)[0]?.body).toEqual({ _id: null, name: 'Comics', category: 1 });
    // The parent's row opens to show it.
    expect(within(row('Books')).getByRole('button', { name: 'Collapse Books' })).toBeInTheDocument();
  });

  it('asks before deleting a category, then deletes it', async () => {
    signInAs('admin');
    const api = categoryApi({
      [route(endpoints.categories.remove, { id: '2' })]: () => ({ success: true, message: categoryMessages.deleted }),
    });
    const user = userEvent.setup();
    renderScreen(<CategoryManagementPage />);

    await user.click(
      await within(await screen.findByRole('list', { name: 'Categories' })).findByRole('button', {
        name: 'Delete Electronics',
      }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Category?' });
    expect(dialog).toHaveTextContent(/will also be deleted\.|It has no subcategories and no products\./);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo(endpoints.categories.remove, { id: '2' })).toHaveLength(0);

    await user.click(within(row('Electronics')).getByRole('button', { name: 'Delete Electronics' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete Category?' })).getByRole('button', { name: 'Delete' }),
    );

    expect(await findToast('Category deleted successfully!')).toBeInTheDocument();
    expect(api.callsTo(endpoints.categories.remove, { id: '2' })).toHaveLength(1);
  });

  it("shows the server's reason when a subcategory cannot be deleted", async () => {
    signInAs('admin');
    categoryApi({
      [route(endpoints.subcategories.remove, { id: '21' })]: () => ({
        status: 409,
        body: { success: false, message: categoryMessages.subcategoryInUse(2), code: 'SUBCATEGORY_IN_USE' },
      }),
    });
    const user = userEvent.setup();
    renderScreen(<CategoryManagementPage />);

    const phones = await screen.findByRole('listitem', { name: 'Phones' });
    await user.click(within(phones).getByRole('button', { name: 'Delete Phones' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Subcategory?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await findToast(categoryMessages.subcategoryInUse(2))).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'Delete Subcategory?' })).toBeInTheDocument();
  });
});
