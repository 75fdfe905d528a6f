import { type Product, productMessages } from '@haat/contract';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button-link';
import { HistoryPanel } from '../../../components/ui/history-panel';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { AFTER_SAVE } from '../../../lib/unsaved-changes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useProduct } from '../api';
import { ProductForm } from '../components/product-form';
import { RevisionReviewPanel, VendorReviewBanner } from '../components/review-state';
import { pendingListPath } from '../hooks/use-pending-filters';
import { productListPath } from '../hooks/use-product-filters';
import { useReviewProduct } from '../hooks/use-review-product';

/**
 * What the vendor's form starts from: the approved product, with their pending changes
 * in place of the live values, so a second edit continues the first (decision 0044).
 */
function withPendingChanges(product: Product): Product {
  const revision = product.revision;
  if (product.approvalStatus !== 'approved' || revision?.status !== 'pending') return product;
  return { ...product, ...revision.proposed };
}

/**
 * The product form's screen (spec section 2, Product form) at /admin/products/new,
 * /admin/products/edit/{id} and /admin/products/{id} (the pending list's 'View
 * Details'): create without an id, edit with one once the product has loaded. An
 * admin looking at a product that awaits approval can approve or reject it here, with
 * the form's unsaved edits (issue 12), or review a vendor's pending changes to an
 * approved product; a vendor sees where their product stands in review and why it was
 * rejected. Opened out of the review queue (`?from=pending`), 'Back to Products',
 * Cancel and the end of a review return to the queue.
 */
export function ProductFormPage() {
  const { id } = useParams<{ id: string }>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  useDocumentTitle(id ? 'Edit Product' : 'Add New Product');
  const session = useSession();
  const isAdmin = session?.user.role === 'admin';
  const product = useProduct(id);
  const { review, reviewRevision, reviewingId } = useReviewProduct();
  const fromQueue = searchParams.get('from') === 'pending';
  const backTo = fromQueue ? pendingListPath() : productListPath();

  let content: ReactNode;
  if (!id) content = <ProductForm isAdmin={isAdmin} />;
  else if (product.isPending) content = <Spinner label="Loading product..." />;
  else if (product.isError)
    content = (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-800">
        {errorMessage(product.error, productMessages.productDataFailed)}
      </p>
    );
  else {
    const loaded = product.data.product;
    const busy = reviewingId === loaded._id;
    const afterReview = () =>
      navigate(fromQueue || loaded.approvalStatus === 'pending' ? pendingListPath() : backTo, { state: AFTER_SAVE });
    content = (
      <>
        {isAdmin ? (
          <RevisionReviewPanel
            product={loaded}
            busy={busy}
            onDecide={(decision) => loaded.revision && reviewRevision(loaded, loaded.revision, decision, afterReview)}
          />
        ) : (
          <VendorReviewBanner product={loaded} />
        )}
        {/* Keyed by id and revision so moving between products, or a new revision, starts a fresh form. */}
        <ProductForm
          key={`${loaded._id}-${loaded.revision?._id ?? ''}`}
          product={isAdmin ? loaded : withPendingChanges(loaded)}
          isAdmin={isAdmin}
          backTo={backTo}
          review={
            isAdmin && loaded.approvalStatus === 'pending'
              ? {
                  busy,
                  onDecide: (decision, version) => review(loaded, decision, afterReview, version),
                }
              : undefined
          }
        />
        <div className="mt-6">
          <HistoryPanel kind="product" id={loaded._id} />
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={id ? 'Edit Product' : 'Add New Product'}
        subtitle={id && product.data ? product.data.product.name : undefined}
        actions={
          <ButtonLink to={backTo} variant="secondary">
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Back to Products
          </ButtonLink>
        }
      />
      {content}
    </div>
  );
}
