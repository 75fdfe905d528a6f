import {
  type Category,
  categoryMessages,
  type Subcategory,
  type SubcategoryBody,
  subcategoryBody,
} from '@haat/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select } from '../../../components/ui/field';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useSaveSubcategory } from '../api';

type SubcategoryFormValues = z.input<typeof subcategoryBody>;

/**
 * The subcategory form beside the category form (spec section 2; section 5 rules):
 * name and parent category, checked on change and blur, submit disabled until
 * valid, and 'Please fix the errors above before submitting' while a rule fails.
 * Mount it keyed by the subcategory being edited so it starts fresh.
 */
export function SubcategoryForm({
  categories,
  subcategory,
  onSaved,
  onFinished,
}: {
  categories: Category[];
  subcategory: Subcategory | null;
  /** Told which category gained or changed a subcategory, so its row can open. */
  onSaved: (categoryId: string) => void;
  onFinished: () => void;
}) {
  const titleId = useId();
  const save = useSaveSubcategory();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isValid, isDirty },
  } = useForm<SubcategoryFormValues, unknown, SubcategoryBody>({
    mode: 'all',
    resolver: zodResolver(subcategoryBody),
    defaultValues: { name: subcategory?.name ?? '', category: subcategory?.categoryId ?? '' },
  });
  useUnsavedChanges(isDirty);
  const hasErrors = Boolean(errors.name || errors.category);

  // Editing starts at the name, which also brings the form into view.
  const editing = Boolean(subcategory);
  useEffect(() => {
    if (editing) setFocus('name');
  }, [editing, setFocus]);

  const onSubmit = handleSubmit((body) =>
    save.mutate(
      { id: subcategory?._id ?? null, body },
      {
        onSuccess: (answer) => {
          notify.success(
            answer.message || (subcategory ? categoryMessages.subcategoryUpdated : categoryMessages.subcategoryCreated),
          );
          onSaved(answer.subcategory?.categoryId ?? String(body.category));
          // Keeps the parent chosen: subcategories are usually added several at a time.
          reset({ name: '', category: String(body.category) });
          if (subcategory) onFinished();
        },
        onError: (error) => {
          showServerFieldErrors(error, setError, ['name', 'category']);
          notify.error(errorMessage(error, categoryMessages.saveSubcategoryFailed));
        },
      },
    ),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {subcategory ? 'Edit Subcategory' : 'Add New Subcategory'}
      </h2>
      <div className="mt-4 space-y-4">
        <Field label="Subcategory Name" required error={errors.name?.message}>
          {(c) => <Input {...c} {...register('name')} placeholder="e.g. Smartphones" />}
        </Field>
        <Field label="Parent Category" required error={errors.category?.message}>
          {(c) => (
            <Select {...c} {...register('category')}>
              <option value="">Select a parent category</option>
              {categories.map((category) => (
                <option key={category._id} value={category._id}>
                  {category.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {hasErrors && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {categoryMessages.fixErrors}
          </p>
        )}
      </div>
      <div className="mt-5 flex gap-3">
        <Button type="submit" disabled={!isValid || save.isPending}>
          {save.isPending ? 'Processing...' : subcategory ? 'Update Subcategory' : 'Add Subcategory'}
        </Button>
        {subcategory && (
          <Button variant="secondary" onClick={onFinished} disabled={save.isPending}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
