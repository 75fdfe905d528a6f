import { imageUrl, MAX_PRODUCT_IMAGES, productMessages } from '@haat/contract';
import { ArrowLeft, ArrowRight, ImagePlus, Plus, X } from 'lucide-react';
import { type DragEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { ImageWithFallback } from '../../../components/ui/image-with-fallback';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-client';
import { uploadImage } from '../../../lib/upload-image';

/** Why `url` cannot be added to `images`, or null when it can (spec section 5, Image URL). */
export function imageUrlProblem(url: string, images: readonly string[]): string | null {
  const parsed = imageUrl.safeParse(url);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? productMessages.imageUrlInvalid;
  if (images.includes(parsed.data)) return productMessages.imageUrlDuplicate;
  if (images.length >= MAX_PRODUCT_IMAGES) return productMessages.tooManyImages;
  return null;
}

/** `images` with the one at `from` moved to `to`. */
export function moveImage(images: readonly string[], from: number, to: number): string[] {
  const next = [...images];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

/** The files of a drop or a file box that are images, in order. */
function imageFiles(files: FileList | null): File[] {
  return [...(files ?? [])].filter((file) => file.type === '' || file.type.startsWith('image/'));
}

/**
 * The product form's images (spec sections 2 and 4; issue 27): uploaded from files
 * (dropped on the box or chosen, several at once, each re-encoded by the server) or
 * added by URL one at a time (refused when empty, malformed or already there), shown
 * with a thumbnail, reordered (the first is the main image) and removed by position.
 * Add is disabled while the URL box is empty.
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
  const [uploading, setUploading] = useState<{ done: number; of: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  // Uploads finish one after another: each adds to the images as they are then.
  const latest = useRef(images);
  latest.current = images;

  const upload = async (files: File[]) => {
    const room = MAX_PRODUCT_IMAGES - latest.current.length;
    if (files.length === 0) return;
    if (room <= 0) {
      notify.validation(productMessages.tooManyImages);
      return;
    }
    const taken = files.slice(0, room);
    if (taken.length < files.length) notify.validation(productMessages.tooManyImages);
    let uploaded = 0;
    const refused: string[] = [];
    setUploading({ done: 0, of: taken.length });
    for (const [index, file] of taken.entries()) {
      try {
        const stored = await uploadImage(file);
        if (!latest.current.includes(stored.url)) {
          latest.current = [...latest.current, stored.url];
          onChange(latest.current);
        }
        uploaded += 1;
      } catch (failure) {
        refused.push(`${file.name}: ${errorMessage(failure, 'Failed to upload image')}`);
      }
      setUploading({ done: index + 1, of: taken.length });
    }
    setUploading(null);
    if (fileInput.current) fileInput.current.value = '';
    // One toast for the whole choice (the feedback slot shows one at a time): what was
    // uploaded, and each file refused with the server's reason.
    const done = uploaded === 1 ? 'Image uploaded successfully!' : `${uploaded} images uploaded`;
    if (refused.length > 0) notify.longError([...(uploaded > 0 ? [done] : []), ...refused].join(', '));
    else if (uploaded > 0) notify.success(done);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) void upload(imageFiles(event.dataTransfer.files));
  };

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
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping files is the pointer's shortcut; the Choose Images button inside is the way for the keyboard and screen readers. */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="image-drop-zone"
        className={`flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center ${
          dragging ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-slate-50'
        }`}
      >
        <ImagePlus className="h-8 w-8 text-slate-400" aria-hidden />
        <p id={hintId} className="text-sm text-slate-600">
          Drag images here, or choose them. PNG, JPEG, WebP or GIF, at most 2 MB each.
        </p>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(event) => void upload(imageFiles(event.target.files))}
          data-testid="image-files"
        />
        <Button
          variant="secondary"
          aria-describedby={hintId}
          disabled={uploading !== null}
          onClick={() => fileInput.current?.click()}
        >
          {uploading
            ? `Uploading ${Math.min(uploading.done + 1, uploading.of)} of ${uploading.of}...`
            : 'Choose Images'}
        </Button>
        <p role="status" className="sr-only">
          {uploading ? `Uploading ${Math.min(uploading.done + 1, uploading.of)} of ${uploading.of}` : ''}
        </p>
      </div>

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
              {index === 0 && (
                <span className="absolute left-1.5 top-1.5 rounded bg-indigo-700 px-1.5 py-0.5 text-xs font-medium text-white">
                  Main image
                </span>
              )}
              <ImageWithFallback
                src={url}
                thumbnail
                alt={`Product image ${index + 1}`}
                className="aspect-square w-full"
              />
              <p className="truncate px-2 py-1 text-xs text-slate-500" title={url}>
                {url}
              </p>
              <div className="flex justify-between border-t border-slate-100 px-1 py-1">
                <button
                  type="button"
                  disabled={index === 0}
                  onClick={() => onChange(moveImage(images, index, index - 1))}
                  aria-label={`Move image ${index + 1} earlier`}
                  className="rounded p-1.5 text-slate-600 hover:bg-slate-100 disabled:opacity-30"
                >
                  <ArrowLeft className="h-4 w-4" aria-hidden />
                </button>
                <button
                  type="button"
                  disabled={index === images.length - 1}
                  onClick={() => onChange(moveImage(images, index, index + 1))}
                  aria-label={`Move image ${index + 1} later`}
                  className="rounded p-1.5 text-slate-600 hover:bg-slate-100 disabled:opacity-30"
                >
                  <ArrowRight className="h-4 w-4" aria-hidden />
                </button>
              </div>
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
