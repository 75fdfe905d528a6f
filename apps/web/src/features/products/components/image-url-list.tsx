import { imageUrl, MAX_PRODUCT_IMAGES, productMessages } from '@haat/contract';
import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { ImageWithFallback } from '../../../components/ui/image-with-fallback';
import { notify } from '../../../components/ui/notify';

/** Why `url` cannot be added to `images`, or null when it can (spec section 5, Image URL). */
export function imageUrlProblem(url: string, images: readonly string[]): string | null {
  const parsed = imageUrl.safeParse(url);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? productMessages.imageUrlInvalid;
  if (images.includes(parsed.data)) return productMessages.imageUrlDuplicate;
  if (images.length >= MAX_PRODUCT_IMAGES) return productMessages.tooManyImages;
  return null;
}

/**
 * The product form's images (spec sections 2 and 4): URLs added one at a time,
 * refused when empty, malformed or already there, shown with a preview, and
 * removed by position. Add is disabled while the box is empty.
 */
export function ImageUrlList({
  images,
  onChange,
  error,
}: {
  images: string[];
  onChange: (images: string[]) => void;
  error?: string | undefined;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    const found = imageUrlProblem(text, images);
    if (found) {
      setProblem(found);
      notify.validation(found);
      return;
    }
    onChange([...images, text.trim()]);
    setText('');
    setProblem(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the URL instead of submitting the whole product.
    if (event.key === 'Enter') {
      event.preventDefault();
      if (text !== '') add();
    }
  };

  return (
    <div className="space-y-4">
      {/* Side by side from 640 px; on a phone the button goes under the box, so the row fits 390 px. */}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <Field label="Image URL" error={problem ?? error} className="min-w-0 flex-1">
          {(control) => (
            <Input
              {...control}
              // Text, not url: a url box drops surrounding blanks, hiding 'Please enter a URL'.
              type="text"
              inputMode="url"
              placeholder="https://example.com/image.jpg"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setProblem(null);
              }}
              onKeyDown={onKeyDown}
            />
          )}
        </Field>
        <Button variant="secondary" className="self-start sm:mt-6" disabled={text === ''} onClick={add}>
          <Plus className="h-4 w-4" aria-hidden />
          Add Image
        </Button>
      </div>

      {images.length === 0 ? (
        <p className="text-sm text-slate-500">No images added yet.</p>
      ) : (
        <ul aria-label="Product images" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {images.map((url, index) => (
            <li key={url} className="group relative overflow-hidden rounded-lg border border-slate-200 bg-white">
              <ImageWithFallback src={url} alt={`Product image ${index + 1}`} className="aspect-square w-full" />
              <p className="truncate px-2 py-1 text-xs text-slate-500" title={url}>
                {url}
              </p>
              <button
                type="button"
                onClick={() => onChange(images.filter((_, position) => position !== index))}
                aria-label={`Remove image ${index + 1}`}
                className="absolute right-1.5 top-1.5 rounded-full bg-white/90 p-1 text-red-600 shadow hover:bg-red-50"
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
