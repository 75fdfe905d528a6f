import { productMessages } from '@haat/contract';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useProduct } from '../api';
import { ProductForm } from '../components/product-form';
import { ProductReviewBar } from '../components/product-review-bar';
import { productListPath } from '../hooks/use-product-filters';

/**
 * The product form's screen (spec section 2, Product form) at /admin/products/new,
 * /admin/products/edit/{id} and /admin/products/{id} (the pending list's 'View
 * Details'): create without an id, edit with one once the product has loaded. An
 * admin looking at a product that awaits approval can approve or reject it here.
 */
export function ProductFormPage() {
  const { id } = useParams<{ id: string }>();
  useDocumentTitle(id ? 'Edit Product' : 'Add New Product');
  const session = useSession();
  const isAdmin = session?.user.role === 'admin';
  const product = useProduct(id);

  let content: ReactNode;
  if (!id) content = <ProductForm isAdmin={isAdmin} />;
  else if (product.isPending) content = <Spinner label="Loading product..." />;
  else if (product.isError)
    content = (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-800">
        {errorMessage(product.error, productMessages.productDataFailed)}
      </p>
    );
  // Keyed by id so moving between products starts a fresh form.
  else
    content = (
      <>
        {isAdmin && product.data.product.approvalStatus === 'pending' && (
          <ProductReviewBar product={product.data.product} />
        )}
        <ProductForm key={product.data.product._id} product={product.data.product} isAdmin={isAdmin} />
      </>
    );

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={id ? 'Edit Product' : 'Add New Product'}
        subtitle={id && product.data ? product.data.product.name : undefined}
        actions={
          <ButtonLink to={productListPath()} variant="secondary">
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Back to Products
          </ButtonLink>
        }
      />
      {content}
    </div>
  );
}
