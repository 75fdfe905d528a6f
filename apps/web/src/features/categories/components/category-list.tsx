import { type Category, categoryMessages, type Subcategory } from '@haat/contract';
import { ChevronDown, ChevronRight, Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ImageWithFallback } from '../../../components/ui/image-with-fallback';
import { LoadMore } from '../../../components/ui/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSubcategories } from '../api';

const iconButton = 'rounded-lg p-2 hover:bg-slate-100 disabled:opacity-50';

/** An expanded row's subcategories, with their count, Edit and Delete. */
function SubcategoryPanel({
  category,
  id,
  onEdit,
  onDelete,
}: {
  category: Category;
  id: string;
  onEdit: (subcategory: Subcategory) => void;
  onDelete: (subcategory: Subcategory) => void;
}) {
  const subcategories = useSubcategories(category._id);
  const items = subcategories.data?.subcategories ?? [];
  return (
    <div id={id} className="border-t border-slate-100 bg-slate-50 px-4 py-3 sm:pl-20">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        Subcategories ({subcategories.data ? items.length : category.subcategoryCount})
      </h4>
      {subcategories.isPending ? (
        <Spinner label="Loading subcategories..." />
      ) : subcategories.isError ? (
        <p role="alert" className="py-2 text-sm text-red-700">
          {errorMessage(subcategories.error, categoryMessages.loadSubcategoriesFailed)}
        </p>
      ) : items.length === 0 ? (
        <p className="py-2 text-sm text-slate-500">No subcategories yet.</p>
      ) : (
        <ul aria-label={`Subcategories of ${category.name}`} className="mt-2 divide-y divide-slate-200">
          {items.map((subcategory) => (
            <li
              key={subcategory._id}
              aria-label={subcategory.name}
              className="flex items-center justify-between py-1.5"
            >
              <span className="text-sm text-slate-800">
                {subcategory.name}
                <span className="ml-2 text-xs text-slate-500">
                  {subcategory.productCount} {subcategory.productCount === 1 ? 'product' : 'products'}
                </span>
              </span>
              <span className="flex gap-1">
                <button
                  type="button"
                  aria-label={`Edit ${subcategory.name}`}
                  title="Edit"
                  onClick={() => onEdit(subcategory)}
                  className={`${iconButton} text-slate-600`}
                >
                  <Pencil className="h-4 w-4" aria-hidden />
                </button>
                <button
                  type="button"
                  aria-label={`Delete ${subcategory.name}`}
                  title="Delete"
                  onClick={() => onDelete(subcategory)}
                  className={`${iconButton} text-red-600 hover:bg-red-50`}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One category row: image, name, counts, Expand/Collapse, Edit and Delete, and its subcategories when open. */
function CategoryRow({
  category,
  expanded,
  onToggle,
  onEdit,
  onDelete,
  onEditSubcategory,
  onDeleteSubcategory,
}: {
  category: Category;
  expanded: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onEditSubcategory: (subcategory: Subcategory) => void;
  onDeleteSubcategory: (subcategory: Subcategory) => void;
}) {
  const panelId = useId();
  return (
    <li aria-label={category.name} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <div className="flex items-center gap-4 px-4 py-3">
        <ImageWithFallback
          src={category.imageUrl}
          thumbnail
          alt={category.name}
          className="h-12 w-12 shrink-0 rounded-lg border border-slate-200"
        />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-medium text-slate-900">{category.name}</h3>
          <p className="text-xs text-slate-500">
            {category.subcategoryCount} {category.subcategoryCount === 1 ? 'subcategory' : 'subcategories'} ·{' '}
            {category.productCount} {category.productCount === 1 ? 'product' : 'products'}
          </p>
        </div>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={expanded ? panelId : undefined}
          aria-label={`${expanded ? 'Collapse' : 'Expand'} ${category.name}`}
          title={expanded ? 'Collapse' : 'Expand'}
          onClick={onToggle}
          className={`${iconButton} text-slate-600`}
        >
          {expanded ? (
            <ChevronDown className="h-4 w-4" aria-hidden />
          ) : (
            <ChevronRight className="h-4 w-4" aria-hidden />
          )}
        </button>
        <button
          type="button"
          aria-label={`Edit ${category.name}`}
          title="Edit"
          onClick={onEdit}
          className={`${iconButton} text-slate-600`}
        >
          <Pencil className="h-4 w-4" aria-hidden />
        </button>
        <button
          type="button"
          aria-label={`Delete ${category.name}`}
          title="Delete"
          onClick={onDelete}
          className={`${iconButton} text-red-600 hover:bg-red-50`}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </button>
      </div>
      {expanded && (
        <SubcategoryPanel category={category} id={panelId} onEdit={onEditSubcategory} onDelete={onDeleteSubcategory} />
      )}
    </li>
  );
}

/**
 * 'Categories (count)' (spec section 2, Category management; the count is the server's
 * total): a spinner while loading, 'No categories found' when empty, else one row per
 * loaded category of which at most one is expanded, and the next page as the user scrolls.
 */
export function CategoryList({
  categories,
  total,
  loading,
  error,
  expandedId,
  onToggle,
  onEdit,
  onDelete,
  onEditSubcategory,
  onDeleteSubcategory,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  categories: Category[];
  /** How many categories there are, over all pages. */
  total: number;
  loading: boolean;
  error: unknown;
  expandedId: string | null;
  onToggle: (category: Category) => void;
  onEdit: (category: Category) => void;
  onDelete: (category: Category) => void;
  onEditSubcategory: (subcategory: Subcategory) => void;
  onDeleteSubcategory: (subcategory: Subcategory) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  return (
    <section aria-labelledby="category-list-title">
      <h2 id="category-list-title" className="mb-3 text-lg font-semibold text-slate-900">
        Categories ({total})
      </h2>
      {loading ? (
        <Spinner label="Loading categories..." />
      ) : error && categories.length === 0 ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-800">
          {errorMessage(error, categoryMessages.loadFailed)}
        </p>
      ) : categories.length === 0 ? (
        <EmptyState title="No categories found" />
      ) : (
        <>
          <ul aria-label="Categories" className="space-y-3">
            {categories.map((category) => (
              <CategoryRow
                key={category._id}
                category={category}
                expanded={expandedId === category._id}
                onToggle={() => onToggle(category)}
                onEdit={() => onEdit(category)}
                onDelete={() => onDelete(category)}
                onEditSubcategory={onEditSubcategory}
                onDeleteSubcategory={onDeleteSubcategory}
              />
            ))}
          </ul>
          <LoadMore hasMore={hasMore} loading={loadingMore} onLoadMore={onLoadMore} />
        </>
      )}
    </section>
  );
}
