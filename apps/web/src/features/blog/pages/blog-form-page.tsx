import { blogBody, blogMessages, isBlogImage, UPLOAD_MAX_BYTES, uploadMessages } from '@haat/contract';
import { ArrowLeft, Upload, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { Field, Input } from '../../../components/ui/field';
import { FormSection } from '../../../components/ui/form-section';
import { ImageWithFallback } from '../../../components/ui/image-with-fallback';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBlog, useSaveBlog, useUploadImage } from '../api';

/** The editor is the heaviest code of the back office: it loads with this form only. */
const RichTextEditor = lazy(() => import('../components/rich-text-editor'));

/** Delay before going back to the list after a save (spec section 9). */
export const REDIRECT_DELAY_MS = 1500;

/** 'Please enter a valid URL (include http:// or https://)' (spec section 5, image URL). */
const IMAGE_URL_INVALID = 'Please enter a valid URL (include http:// or https://)';

interface Fields {
  title: string;
  category: string;
  author: string;
  content: string;
}

const EMPTY: Fields = { title: '', category: '', author: '', content: '' };

/**
 * The blog form (spec section 2, 'Blog form'; /admin/blogs/new and /admin/blogs/edit/:id):
 * Blog Information, Featured Image (URL or uploaded file, preview, remove) and Content
 * (rich text). The body is checked with the contract's schema before sending; edits
 * carry the version they loaded. After a save it goes to /admin/blogs after 1.5 s.
 */
export function BlogFormPage() {
  const { id } = useParams();
  const editing = Boolean(id);
  useDocumentTitle(editing ? 'Edit Blog' : 'New Blog Post');
  const navigate = useNavigate();
  const loaded = useBlog(id);
  const save = useSaveBlog();
  const upload = useUploadImage();
  const contentLabel = useId();

  const [fields, setFields] = useState<Fields>(EMPTY);
  const [image, setImage] = useState<string | null>(null);
  const [imageUrl, setImageUrl] = useState('');
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [saved, setSaved] = useState(false);
  // Set by the user's own edits only (the editor reports no change when the post is filled in).
  const [edited, setEdited] = useState(false);
  useUnsavedChanges(edited && !saved);
  const version = useRef<string | undefined>(undefined);
  const fileInput = useRef<HTMLInputElement>(null);

  // Fill the form once from the post as first loaded; its version is kept for the save.
  useEffect(() => {
    const blog = loaded.data?.blog;
    if (!blog || version.current) return;
    version.current = blog.updatedAt;
    setFields({ title: blog.title, category: blog.category, author: blog.author, content: blog.content });
    setImage(blog.image);
    setImageUrl(blog.image && !blog.image.startsWith('/') ? blog.image : '');
  }, [loaded.data]);

  useEffect(() => {
    if (loaded.isError) notify.error(blogMessages.loadOneFailed);
  }, [loaded.isError]);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => navigate(paths.blog.listAlias), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate]);

  const set = (name: keyof Fields) => (value: string) => {
    setEdited(true);
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const applyUrl = () => {
    const url = imageUrl.trim();
    if (!url) return notify.validation('Please enter a URL');
    if (!isBlogImage(url) || url.startsWith('data:')) return notify.validation(IMAGE_URL_INVALID);
    setImage(url);
    setEdited(true);
    notify.success(blogMessages.imageUrlApplied);
  };

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    // The server refuses it too; checking here spares uploading megabytes for nothing.
    if (file.size > UPLOAD_MAX_BYTES) {
      notify.error(uploadMessages.tooLarge);
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    try {
      const uploaded = await upload.mutateAsync(file);
      setImage(uploaded.url);
      setImageUrl('');
      setEdited(true);
      notify.success(blogMessages.imageUploaded);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to upload image'));
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const removeImage = () => {
    setImage(null);
    setImageUrl('');
    setEdited(true);
    notify.info(blogMessages.imageRemoved);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = blogBody.safeParse({ ...fields, image, ...(version.current && { updatedAt: version.current }) });
    if (!parsed.success) {
      const next: Partial<Record<keyof Fields, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Fields;
        next[field] ??= issue.message;
      }
      setErrors(next);
      // A missing field names the spec's one message; a limit (the content's length) names itself.
      const messages = parsed.error.issues.map((issue) => issue.message);
      notify.validation(
        messages.includes(blogMessages.requiredFields) ? blogMessages.requiredFields : (messages[0] ?? ''),
      );
      return;
    }
    save.mutate(
      { id: id ?? null, body: { ...fields, image, ...(version.current && { updatedAt: version.current }) } },
      {
        onSuccess: () => {
          notify.success(editing ? blogMessages.updated : blogMessages.published);
          setSaved(true);
        },
        onError: (error) => {
          // The server's limits on the content (its nesting) show under the editor too.
          if (error instanceof ApiError && error.errors?.content) setErrors({ content: error.errors.content });
          notify.error(errorMessage(error, blogMessages.saveFailed));
        },
      },
    );
  };

  if (editing && loaded.isPending) return <Spinner label="Loading blog..." />;
  if (editing && loaded.isError) {
    return (
      <div className="space-y-4">
        <p className="text-slate-700">{blogMessages.loadOneFailed}</p>
        <ButtonLink to={paths.blog.listAlias} variant="secondary">
          Back to Blogs
        </ButtonLink>
      </div>
    );
  }

  const busy = save.isPending || saved;
  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <PageHeader
        title={editing ? 'Edit Blog' : 'Create New Blog'}
        subtitle={editing ? 'Update the post and save your changes' : 'Write a new post for the store blog'}
        actions={
          <ButtonLink to={paths.blog.listAlias} variant="secondary">
            <ArrowLeft className="mr-1 h-4 w-4" aria-hidden /> Back to Blogs
          </ButtonLink>
        }
      />

      <FormSection title="Blog Information">
        <div className="grid gap-4 md:grid-cols-3">
          <Field label="Title" required error={errors.title} className="md:col-span-3">
            {(control) => (
              <Input {...control} value={fields.title} onChange={(e) => set('title')(e.target.value)} maxLength={200} />
            )}
          </Field>
          <Field label="Category" required error={errors.category}>
            {(control) => (
              <Input
                {...control}
                value={fields.category}
                onChange={(e) => set('category')(e.target.value)}
                maxLength={100}
              />
            )}
          </Field>
          <Field label="Author" required error={errors.author}>
            {(control) => (
              <Input
                {...control}
                value={fields.author}
                onChange={(e) => set('author')(e.target.value)}
                maxLength={100}
              />
            )}
          </Field>
        </div>
      </FormSection>

      <FormSection
        title="Featured Image"
        description="Paste an image URL or upload a PNG, JPEG, WebP or GIF file (at most 2 MB)."
      >
        <div className="grid gap-4 md:grid-cols-[1fr_auto]">
          <Field label="Image URL">
            {(control) => (
              <Input
                {...control}
                type="url"
                placeholder="https://"
                value={imageUrl}
                onChange={(e) => setImageUrl(e.target.value)}
              />
            )}
          </Field>
          <div className="flex items-end gap-2">
            <Button variant="secondary" onClick={applyUrl} disabled={!imageUrl.trim()}>
              Apply URL
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              className="sr-only"
              id="blog-image-file"
              aria-label="Upload Image"
              onChange={(e) => void chooseFile(e.target.files?.[0])}
            />
            <Button variant="secondary" disabled={upload.isPending} onClick={() => fileInput.current?.click()}>
              <Upload className="mr-1 h-4 w-4" aria-hidden /> {upload.isPending ? 'Uploading...' : 'Upload Image'}
            </Button>
          </div>
        </div>
        {image && (
          <div className="mt-4 flex items-start gap-3">
            <ImageWithFallback src={image} alt="Featured image preview" className="h-40 w-64 rounded-lg border" />
            <Button variant="ghost" size="sm" onClick={removeImage}>
              <X className="mr-1 h-4 w-4" aria-hidden /> Remove Image
            </Button>
          </div>
        )}
      </FormSection>

      <FormSection title="Content">
        <p id={contentLabel} className="mb-1 text-sm font-medium text-slate-700">
          Content
          <span className="ml-0.5 text-red-500" aria-hidden>
            *
          </span>
        </p>
        <Suspense fallback={<Spinner label="Loading editor..." />}>
          <RichTextEditor
            value={fields.content}
            onChange={set('content')}
            labelledBy={contentLabel}
            invalid={Boolean(errors.content)}
          />
        </Suspense>
        {errors.content && <p className="mt-1 text-xs text-red-600">{errors.content}</p>}
      </FormSection>

      <div className="flex justify-end gap-3">
        <ButtonLink to={paths.blog.listAlias} variant="secondary">
          Cancel
        </ButtonLink>
        <Button type="submit" disabled={busy}>
          {save.isPending ? (editing ? 'Updating...' : 'Publishing...') : editing ? 'Update Blog' : 'Publish Blog'}
        </Button>
      </div>
    </form>
  );
}
