import { type ParsedProductBody, type Product, type ProductBody, productBody } from '@haat/contract';
import { z } from 'zod';

/**
 * The product form's values as the inputs hold them: every field text (number
 * inputs give strings, selects give '' for none), images a list of URLs.
 */
export const productFormValues = z.object({
  name: z.string(),
  productDetails: z.string(),
  brand: z.string(),
  color: z.string(),
  sku: z.string(),
  model: z.string(),
  warrantyPeriod: z.string(),
  salePrice: z.string(),
  actualPrice: z.string(),
  manufacturer: z.string(),
  stockQuantity: z.string(),
  /** Issue 35: '' for none. */
  hsnCode: z.string(),
  /** Issue 35: a percentage; '' leaves it to the store's default (new) or as it is (edit). */
  gstRate: z.string(),
  category: z.string(),
  subcategory: z.string(),
  images: z.array(z.string()),
  vendor: z.string(),
  status: z.string(),
});
export type ProductFormValues = z.infer<typeof productFormValues>;

/** An empty box is a missing number (the contract's 'required' message), not zero. */
const numberFrom = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * The form's schema: the inputs' text turned into the contract's body, then checked
 * by the contract itself (spec section 5, Product form), so every rule and message
 * is the API's. Issues keep the field names, so each lands on its input.
 * Unlike the spec's client rule, a stock of 0 is valid: out-of-stock products exist
 * and must stay editable (the API accepts 0 too).
 */
export const productFormSchema = productFormValues
  .transform(
    ({ salePrice, actualPrice, stockQuantity, status, gstRate, ...text }) =>
      // Only the handover is cast: `productBody` below rejects a missing or
      // malformed number, warranty or status with the spec's message.
      ({
        ...text,
        salePrice: numberFrom(salePrice),
        actualPrice: numberFrom(actualPrice),
        stockQuantity: numberFrom(stockQuantity),
        gstRate: numberFrom(gstRate),
        status: status === '' ? undefined : status,
      }) as ProductBody,
  )
  .pipe(productBody);

/**
 * The order failures are reported in: the spec's list of rules first (section 5,
 * Product form), then the optional fields.
 */
export const productFieldOrder: readonly (keyof ProductFormValues)[] = [
  'name',
  'productDetails',
  'sku',
  'salePrice',
  'actualPrice',
  'stockQuantity',
  'hsnCode',
  'gstRate',
  'category',
  'subcategory',
  'brand',
  'color',
  'model',
  'warrantyPeriod',
  'manufacturer',
  'status',
  'vendor',
  'images',
];

/** A new product's starting values: admin-owned and active for an admin (spec section 2). */
export const emptyProductForm: ProductFormValues = {
  name: '',
  productDetails: '',
  brand: '',
  color: '',
  sku: '',
  model: '',
  warrantyPeriod: 'No Warranty',
  salePrice: '',
  actualPrice: '',
  manufacturer: '',
  stockQuantity: '',
  hsnCode: '',
  gstRate: '',
  category: '',
  subcategory: '',
  images: [],
  vendor: '',
  status: 'active',
};

/**
 * A saved product as form values. A product still awaiting review has no status
 * chosen: saving leaves its status to the review unless the admin picks one.
 */
export function productToForm(product: Product): ProductFormValues {
  return {
    name: product.name,
    productDetails: product.productDetails,
    brand: product.brand,
    color: product.color ?? '',
    sku: product.sku,
    model: product.model ?? '',
    warrantyPeriod: product.warrantyPeriod,
    salePrice: String(product.salePrice),
    actualPrice: String(product.actualPrice),
    manufacturer: product.manufacturer ?? '',
    stockQuantity: String(product.stockQuantity),
    hsnCode: product.hsnCode ?? '',
    gstRate: product.gstRate === undefined ? '' : String(product.gstRate),
    category: product.category._id,
    subcategory: product.subcategory?._id ?? '',
    images: [...product.images],
    vendor: product.vendor?._id ?? '',
    status: product.status === 'pending' ? '' : product.status,
  };
}

/** What is sent: a vendor's form has no status and no vendor (spec section 1). */
export function toRequestBody(values: ParsedProductBody, isAdmin: boolean): ProductBody {
  if (isAdmin) return values;
  const { vendor: _vendor, status: _status, ...own } = values;
  return own;
}
