import type { Product } from '@haat/contract';
import { Check, Eye, X } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { ImageWithFallback } from '../../../components/ui/image-with-fallback';
import { formatRupees } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { ApprovalBadge } from './product-badges';

/**
 * One product awaiting review (spec section 2, Pending products): image, name,
 * details, brand, SKU, price, stock, category, subcategory, vendor badge and
 * 'Pending Approval', with View Details, Approve and Reject.
 */
export function PendingProductCard({
  product,
  busy,
  onReview,
}: {
  product: Product;
  busy: boolean;
  onReview: (product: Product, isApproved: boolean) => void;
}) {
  const headingId = useId();
  const facts: [string, string][] = [
    ['Brand', product.brand],
    ['SKU', product.sku],
    ['Price', formatRupees(product.salePrice)],
    ['Stock', String(product.stockQuantity)],
    ['Category', product.category.name],
    ['Subcategory', product.subcategory?.name ?? 'None'],
  ];
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <ImageWithFallback src={product.images[0]} alt={product.name} className="h-40 w-full" />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="blue">{product.vendor ? product.vendor.businessName || product.vendor.name : 'Admin'}</Badge>
          <ApprovalBadge status="pending" />
        </div>
        <div>
          <h2 id={headingId} className="font-semibold text-slate-900">
            {product.name}
          </h2>
          <p className="mt-1 line-clamp-2 text-sm text-slate-500">{product.productDetails}</p>
        </div>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
          {facts.map(([term, value]) => (
            <div key={term} className="min-w-0">
              <dt className="inline text-slate-500">{term}: </dt>
              <dd className="inline font-medium text-slate-800">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <ButtonLink to={paths.products.review(product._id)} variant="secondary" size="sm">
            <Eye className="h-3.5 w-3.5" aria-hidden />
            View Details
          </ButtonLink>
          <Button size="sm" variant="success" disabled={busy} onClick={() => onReview(product, true)}>
            <Check className="h-3.5 w-3.5" aria-hidden />
            Approve
          </Button>
          <Button size="sm" variant="danger" disabled={busy} onClick={() => onReview(product, false)}>
            <X className="h-3.5 w-3.5" aria-hidden />
            Reject
          </Button>
        </div>
      </div>
    </article>
  );
}
