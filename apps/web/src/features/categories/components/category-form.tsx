import {
  type Category,
  type CategoryBody,
  categoryBody,
  categoryMessages,
  isImageAddress,
  uploadMessages,
} from '@haat/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { ExternalLink, Upload } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { ImageWithFallback } from '../../../components/ui/image-with-fallback';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { uploadImage } from '../../../lib/upload-image';
import { useSaveCategory } from '../api';

type CategoryFormValues = z.input<typeof categoryBody>;

/**
 * The category form (spec section 2, Category management; section 5 rules):
 * 'Add New Category' or 'Edit Category', Category Name and Image URL with a live
 * preview and an open-in-new-tab link; 'Processing...' while saving; Cancel while
 * editing. Mount it keyed by the category being edited so it starts fresh. An image may
 * also be uploaded (issue 33, as products and posts take theirs): the store keeps it
 * (decision 0107) and its address fills Image URL.
 */
export function CategoryForm({ category, onFinished }: { category: Category | null; onFinished: () => void }) {
  const titleId = useId();
  const save = useSaveCategory();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setFocus,
    setValue,
    formState: { errors, isDirty },
  } = useForm<CategoryFormValues, unknown, CategoryBody>({
    resolver: zodResolver(categoryBody),
    defaultValues: { name: category?.name ?? '', imageUrl: category?.imageUrl ?? '' },
  });
  useUnsavedChanges(isDirty);
  const imageUrl = useWatch({ control, name: 'imageUrl' }).trim();
  const previewable = isImageAddress(imageUrl);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useMutation({ mutationFn: uploadImage });
  const chooseFile = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    try {
      const stored = await upload.mutateAsync(file);
      setValue('imageUrl', stored.url, { shouldDirty: true, shouldValidate: true });
      notify.success(uploadMessages.uploaded);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to upload image'));
    }
  };

  // Editing starts at the name, which also brings the form into view.
  const editing = Boolean(category);
  useEffect(() => {
    if (editing) setFocus('name');
  }, [editing, setFocus]);

  const onSubmit = handleSubmit((body) =>
    save.mutate(
      { id: category?._id ?? null, body },
      {
        onSuccess: (answer) => {
          notify.success(answer.message || (category ? categoryMessages.updated : categoryMessages.created));
          reset({ name: '', imageUrl: '' });
          onFinished();
        },
        onError: (error) => {
          showServerFieldErrors(error, setError, ['name', 'imageUrl']);
          notify.error(errorMessage(error, categoryMessages.saveFailed));
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
        {category ? 'Edit Category' : 'Add New Category'}
      </h2>
      <div className="mt-4 space-y-4">
        <Field label="Category Name" required error={errors.name?.message}>
          {(c) => <Input {...c} {...register('name')} placeholder="e.g. Electronics" />}
        </Field>
        <Field label="Image URL" required error={errors.imageUrl?.message}>
          {(c) => <Input {...c} {...register('imageUrl')} type="url" placeholder="https://example.com/category.jpg" />}
        </Field>
        <div>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="sr-only"
            aria-label="Upload Image"
            tabIndex={-1}
            onChange={(event) => void chooseFile(event.target.files?.[0])}
          />
          <Button variant="secondary" size="sm" disabled={upload.isPending} onClick={() => fileInput.current?.click()}>
            <Upload className="h-4 w-4" aria-hidden /> {upload.isPending ? 'Uploading...' : 'Upload Image'}
          </Button>
        </div>
        <div className="flex items-center gap-3">
          <ImageWithFallback
            src={previewable ? imageUrl : null}
            alt="Category image preview"
            className="h-16 w-16 rounded-lg border border-slate-200"
          />
          {previewable ? (
            <a
              href={imageUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-sm font-medium text-pink-700 hover:underline"
            >
              Open image in new tab
              <ExternalLink className="h-3.5 w-3.5" aria-hidden />
            </a>
          ) : (
            <p className="text-sm text-slate-500">The preview appears once the image URL is valid.</p>
          )}
        </div>
      </div>
      <div className="mt-5 flex gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Processing...' : category ? 'Update Category' : 'Add Category'}
        </Button>
        {category && (
          <Button variant="secondary" onClick={onFinished} disabled={save.isPending}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
