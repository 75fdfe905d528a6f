import { expect, signIn, test, uniqueSuffix } from './support';

test('an admin creates a category with subcategories, edits both and deletes them', async ({ page }) => {
  const suffix = uniqueSuffix();
  const name = `Garden ${suffix}`;
  await signIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Product Categories' }).click();
  await expect(page.getByRole('heading', { name: 'Category Management' })).toBeVisible();
  await expect(page.getByText('Manage product categories and subcategories')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Categories \(\d+\)$/ })).toBeVisible();

  // The category form: its rules, the live preview, then the save.
  const categoryForm = page.getByRole('form', { name: 'Add New Category' });
  await categoryForm.getByRole('button', { name: 'Add Category' }).click();
  await expect(categoryForm.getByText('Category name is required')).toBeVisible();
  await expect(categoryForm.getByText('Image URL is required')).toBeVisible();
  await categoryForm.getByLabel('Category Name').fill(name);
  await categoryForm.getByLabel('Image URL').fill('garden.jpg');
  await categoryForm.getByRole('button', { name: 'Add Category' }).click();
  await expect(categoryForm.getByText('Please enter a valid image URL')).toBeVisible();
  const imageUrl = `https://images.example.test/garden-${suffix}.jpg`;
  await categoryForm.getByLabel('Image URL').fill(imageUrl);
  await expect(categoryForm.getByRole('img', { name: 'Category image preview' })).toBeVisible();
  await expect(categoryForm.getByRole('link', { name: 'Open image in new tab' })).toHaveAttribute('href', imageUrl);
  await categoryForm.getByRole('button', { name: 'Add Category' }).click();
  await expect(page.getByText('Category created successfully!', { exact: true })).toBeVisible();
  const categories = page.getByRole('list', { name: 'Categories' });
  const row = categories.getByRole('listitem', { name, exact: true });
  await expect(row).toBeVisible();

  // The subcategory form checks as the user types and leaves, and stays disabled until valid.
  const subcategoryForm = page.getByRole('form', { name: 'Add New Subcategory' });
  const addSubcategory = subcategoryForm.getByRole('button', { name: 'Add Subcategory' });
  await expect(addSubcategory).toBeDisabled();
  await subcategoryForm.getByLabel('Subcategory Name').fill('T');
  await expect(subcategoryForm.getByText('Subcategory name must be at least 2 characters long')).toBeVisible();
  await expect(subcategoryForm.getByText('Please fix the errors above before submitting')).toBeVisible();
  await subcategoryForm.getByLabel('Subcategory Name').fill('Tools');
  await subcategoryForm.getByLabel('Parent Category').focus();
  await subcategoryForm.getByLabel('Parent Category').blur();
  await expect(subcategoryForm.getByText('Please select a parent category')).toBeVisible();
  await expect(addSubcategory).toBeDisabled();
  await subcategoryForm.getByLabel('Parent Category').selectOption({ label: name });
  await expect(addSubcategory).toBeEnabled();
  await addSubcategory.click();
  await expect(page.getByText('Subcategory created successfully!', { exact: true })).toBeVisible();
  await subcategoryForm.getByLabel('Subcategory Name').fill('Seeds');
  await addSubcategory.click();

  // The new category's row is open and lists both.
  await expect(row.getByRole('button', { name: `Collapse ${name}` })).toHaveAttribute('aria-expanded', 'true');
  const subcategories = row.getByRole('list', { name: `Subcategories of ${name}` });
  await expect(subcategories.getByRole('listitem')).toHaveText([/Seeds/, /Tools/]);
  await expect(row.getByText('Subcategories (2)')).toBeVisible();
  await expect(categories.getByRole('button', { name: /^Collapse / })).toHaveCount(1);

  // Rename a subcategory, then delete it.
  await subcategories.getByRole('button', { name: 'Edit Seeds' }).click();
  const editSubcategory = page.getByRole('form', { name: 'Edit Subcategory' });
  await expect(editSubcategory.getByLabel('Subcategory Name')).toHaveValue('Seeds');
  await editSubcategory.getByLabel('Subcategory Name').fill('Bulbs');
  await editSubcategory.getByRole('button', { name: 'Update Subcategory' }).click();
  await expect(page.getByText('Subcategory updated successfully!', { exact: true })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Add New Subcategory' })).toBeVisible();
  await subcategories.getByRole('button', { name: 'Delete Bulbs' }).click();
  const deleteSubcategory = page.getByRole('alertdialog', { name: 'Delete Subcategory?' });
  await expect(deleteSubcategory).toContainText('This action cannot be undone.');
  await deleteSubcategory.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Subcategory deleted successfully!', { exact: true })).toBeVisible();
  await expect(subcategories.getByRole('listitem')).toHaveText([/Tools/]);

  // Rename the category; Cancel first, to see it return to adding.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const editCategory = page.getByRole('form', { name: 'Edit Category' });
  await expect(editCategory.getByLabel('Category Name')).toHaveValue(name);
  await editCategory.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('form', { name: 'Add New Category' }).getByLabel('Category Name')).toHaveValue('');
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const renamed = `Gardening ${suffix}`;
  await editCategory.getByLabel('Category Name').fill(renamed);
  await editCategory.getByRole('button', { name: 'Update Category' }).click();
  await expect(page.getByText('Category updated successfully!', { exact: true })).toBeVisible();
  const renamedRow = categories.getByRole('listitem', { name: renamed, exact: true });
  await expect(renamedRow).toBeVisible();

  // Collapse it, then delete it with its remaining subcategory.
  await renamedRow.getByRole('button', { name: `Collapse ${renamed}` }).click();
  await expect(renamedRow.getByRole('button', { name: `Expand ${renamed}` })).toHaveAttribute('aria-expanded', 'false');
  await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
  const deleteCategory = page.getByRole('alertdialog', { name: 'Delete Category?' });
  await expect(deleteCategory).toContainText('Its 1 subcategory will also be deleted.');
  await deleteCategory.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Category deleted successfully!', { exact: true })).toBeVisible();
  await expect(renamedRow).toHaveCount(0);
});
