import { type Category, categoryMessages, type Subcategory } from '@haat/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLoadAnnouncement } from '../../../lib/use-load-announcement';
import { useCategories, useCategoryList, useDeleteCategory, useDeleteSubcategory } from '../api';
import { CategoryForm } from '../components/category-form';
import { CategoryList } from '../components/category-list';
import { SubcategoryForm } from '../components/subcategory-form';

/** '1 product', '3 products'. */
const countOf = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

type PendingDelete = { kind: 'category'; item: Category } | { kind: 'subcategory'; item: Subcategory };

/**
 * Category Management (spec section 2; section 4 for its states): the category
 * form with the subcategory form beside it, then the list. One row is expanded at
 * a time, the first category with subcategories to begin with; deleting asks
 * first ('Delete Category?', 'Delete Subcategory?'), saying up front what goes with a
 * category; one that products still use offers no Delete, only why (issue 12; the
 * server would refuse it). The list loads a page at a time
 * as the user scrolls; the parent dropdown reads every category.
 */
export function CategoryManagementPage() {
  useDocumentTitle('Product Categories');
  const { query: categories, items: list, total, hasMore, loadingMore, loadMore } = useCategoryList();
  // The parent dropdown offers every category, not only the pages loaded so far.
  const allCategories = useCategories();
  const deleteCategory = useDeleteCategory();
  const deleteSubcategory = useDeleteSubcategory();
  const [editingCategory, setEditingCategory] = useState<Category | null>(null);
  const [editingSubcategory, setEditingSubcategory] = useState<Subcategory | null>(null);
  // undefined until the user opens or closes a row: until then the first category with subcategories is open.
  const [expanded, setExpanded] = useState<string | null | undefined>(undefined);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);

  const expandedId = expanded === undefined ? (list.find((c) => c.subcategoryCount > 0)?._id ?? null) : expanded;

  // 'Categories loaded successfully!' after a reload the user asked for, not on every visit (decision 0053).
  const { reload, reloading } = useLoadAnnouncement(categories, () => categoryMessages.loaded);

  const deleting = deleteCategory.isPending || deleteSubcategory.isPending;

  const confirmDelete = () => {
    if (!pendingDelete) return;
    if (pendingDelete.kind === 'category') {
      const { item } = pendingDelete;
      deleteCategory.mutate(item._id, {
        onSuccess: (answer) => {
          notify.success(answer.message || categoryMessages.deleted);
          if (editingCategory?._id === item._id) setEditingCategory(null);
          if (editingSubcategory?.categoryId === item._id) setEditingSubcategory(null);
          if (expandedId === item._id) setExpanded(null);
          setPendingDelete(null);
        },
        onError: (error) => notify.longError(errorMessage(error, categoryMessages.deleteFailed)),
      });
    } else {
      const { item } = pendingDelete;
      deleteSubcategory.mutate(item._id, {
        onSuccess: (answer) => {
          notify.success(answer.message || categoryMessages.subcategoryDeleted);
          if (editingSubcategory?._id === item._id) setEditingSubcategory(null);
          setPendingDelete(null);
        },
        onError: (error) => notify.longError(errorMessage(error, categoryMessages.deleteSubcategoryFailed)),
      });
    }
  };

  return (
    <div>
      <PageHeader
        title="Category Management"
        subtitle="Manage product categories and subcategories"
        actions={<RefreshButton busy={reloading} onClick={() => void reload()} />}
      />

      <div className="mb-8 grid gap-5 lg:grid-cols-2">
        <CategoryForm
          key={`category-${editingCategory?._id ?? 'new'}`}
          category={editingCategory}
          onFinished={() => setEditingCategory(null)}
        />
        <SubcategoryForm
          key={`subcategory-${editingSubcategory?._id ?? 'new'}`}
          categories={allCategories.data?.categories ?? []}
          subcategory={editingSubcategory}
          onSaved={(categoryId) => setExpanded(categoryId)}
          onFinished={() => setEditingSubcategory(null)}
        />
      </div>

      <CategoryList
        categories={list}
        total={total}
        loading={categories.isPending}
        error={categories.error}
        expandedId={expandedId}
        onToggle={(category) => setExpanded(expandedId === category._id ? null : category._id)}
        onEdit={(category) => setEditingCategory(category)}
        onDelete={(category) => setPendingDelete({ kind: 'category', item: category })}
        onEditSubcategory={(subcategory) => setEditingSubcategory(subcategory)}
        onDeleteSubcategory={(subcategory) => setPendingDelete({ kind: 'subcategory', item: subcategory })}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onLoadMore={loadMore}
      />

      {pendingDelete?.kind === 'category' &&
        (pendingDelete.item.productCount > 0 ? (
          <ConfirmDialog title="Cannot Delete Category" busy={false} onCancel={() => setPendingDelete(null)}>
            <p>
              <strong className="text-slate-900">{pendingDelete.item.name}</strong> is used by{' '}
              {countOf(pendingDelete.item.productCount, 'product', 'products')}. Move those products to another category
              or delete them first; then the category can be deleted.
            </p>
          </ConfirmDialog>
        ) : (
          <ConfirmDialog
            title="Delete Category?"
            confirmLabel="Delete"
            busyLabel="Deleting..."
            busy={deleting}
            onConfirm={confirmDelete}
            onCancel={() => setPendingDelete(null)}
          >
            <p>
              Are you sure you want to delete <strong className="text-slate-900">{pendingDelete.item.name}</strong>?{' '}
              {pendingDelete.item.subcategoryCount > 0
                ? `Its ${countOf(pendingDelete.item.subcategoryCount, 'subcategory', 'subcategories')} will also be deleted.`
                : 'It has no subcategories and no products.'}
            </p>
            <p className="font-medium text-red-700">This action cannot be undone.</p>
          </ConfirmDialog>
        ))}
      {pendingDelete?.kind === 'subcategory' &&
        (pendingDelete.item.productCount > 0 ? (
          <ConfirmDialog title="Cannot Delete Subcategory" busy={false} onCancel={() => setPendingDelete(null)}>
            <p>
              <strong className="text-slate-900">{pendingDelete.item.name}</strong> is used by{' '}
              {countOf(pendingDelete.item.productCount, 'product', 'products')}. Move those products to another
              subcategory or delete them first; then the subcategory can be deleted.
            </p>
          </ConfirmDialog>
        ) : (
          <ConfirmDialog
            title="Delete Subcategory?"
            confirmLabel="Delete"
            busyLabel="Deleting..."
            busy={deleting}
            onConfirm={confirmDelete}
            onCancel={() => setPendingDelete(null)}
          >
            <p>
              Are you sure you want to delete <strong className="text-slate-900">{pendingDelete.item.name}</strong>?
            </p>
            <p className="font-medium text-red-700">This action cannot be undone.</p>
          </ConfirmDialog>
        ))}
    </div>
  );
}
