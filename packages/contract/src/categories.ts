import { z } from 'zod';
import {
  idInput,
  idParams,
  idString,
  isImageAddress,
  isoDateTime,
  messageResponse,
  pageInfo,
  pageQuery,
  requiredId,
} from './common.js';
import { endpoint } from './endpoint.js';

/** Spec section 5, Category and Subcategory; section 8, Categories. */
export const categoryMessages = {
  nameRequired: 'Category name is required',
  imageUrlRequired: 'Image URL is required',
  imageUrlInvalid: 'Please enter a valid image URL',
  subcategoryNameRequired: 'Subcategory name is required',
  subcategoryNameTooShort: 'Subcategory name must be at least 2 characters long',
  parentCategoryRequired: 'Please select a parent category',
  /** Page-level wording of the same rule (spec section 5). */
  selectCategory: 'Please select a category',
  fixErrors: 'Please fix the errors above before submitting',
  created: 'Category created successfully!',
  updated: 'Category updated successfully!',
  deleted: 'Category deleted successfully!',
  subcategoryCreated: 'Subcategory created successfully!',
  subcategoryUpdated: 'Subcategory updated successfully!',
  subcategoryDeleted: 'Subcategory deleted successfully!',
  loaded: 'Categories loaded successfully!',
  loadFailed: 'Failed to load categories',
  loadSubcategoriesFailed: 'Failed to load subcategories',
  saveFailed: 'Failed to save category',
  saveSubcategoryFailed: 'Failed to save subcategory',
  deleteFailed: 'Failed to delete category',
  deleteSubcategoryFailed: 'Failed to delete subcategory',
  notFound: 'Category not found',
  subcategoryNotFound: 'Subcategory not found',
  nameTaken: 'A category with this name already exists',
  subcategoryNameTaken: 'A subcategory with this name already exists in this category',
  /** 409 on delete: products still filed under the category or one of its subcategories. */
  inUse: (count: number) =>
    `This category cannot be deleted: ${count} ${count === 1 ? 'product uses' : 'products use'} it or its subcategories. Move or delete ${count === 1 ? 'it' : 'them'} first.`,
  /** 409 on delete: products still filed under the subcategory. */
  subcategoryInUse: (count: number) =>
    `This subcategory cannot be deleted: ${count} ${count === 1 ? 'product uses' : 'products use'} it. Move or delete ${count === 1 ? 'it' : 'them'} first.`,
} as const;

/** Sort orders of the category and subcategory lists; names compare case-insensitively. */
export const categorySorts = ['name-asc', 'name-desc', 'newest', 'oldest'] as const;

/** Minimum subcategory name length (spec section 9). */
export const SUBCATEGORY_NAME_MIN_LENGTH = 2;

/** `POST /categories/create`, `PUT /categories/:id` body. `_id` is null on create and ignored. */
export const categoryBody = z.object({
  _id: z.union([idInput, z.null()]).optional(),
  name: z
    .string({ error: categoryMessages.nameRequired })
    .trim()
    .min(1, categoryMessages.nameRequired)
    .max(100, 'Category name must be at most 100 characters'),
  imageUrl: z
    .string({ error: categoryMessages.imageUrlRequired })
    .trim()
    .min(1, categoryMessages.imageUrlRequired)
    .max(2000, categoryMessages.imageUrlInvalid)
    .refine(isImageAddress, categoryMessages.imageUrlInvalid),
});
export type CategoryBody = z.infer<typeof categoryBody>;

/** A category as the API answers it (spec section 3). */
export const category = z.object({
  _id: idString,
  name: z.string(),
  imageUrl: z.string(),
  /** Subcategories under it. */
  subcategoryCount: z.number().int().nonnegative(),
  /** Products filed under it. */
  productCount: z.number().int().nonnegative(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Category = z.infer<typeof category>;

/**
 * `GET /categories` query. Without `limit` the spec's unpaged list; with it a page.
 * `search` matches the name, case-insensitive substring.
 */
export const categoryListQuery = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
  sort: z.enum(categorySorts).default('name-asc'),
});
export type CategoryListQuery = z.input<typeof categoryListQuery>;

export const categoryListResponse = z.object({
  success: z.literal(true),
  categories: z.array(category),
  ...pageInfo,
});
export type CategoryListResponse = z.infer<typeof categoryListResponse>;

export const categoryResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  category,
});
export type CategoryResponse = z.infer<typeof categoryResponse>;

/** `POST /subcategories`, `PUT /subcategories/:id` body. */
export const subcategoryBody = z.object({
  _id: z.union([idInput, z.null()]).optional(),
  name: z
    .string({ error: categoryMessages.subcategoryNameRequired })
    .trim()
    .min(1, categoryMessages.subcategoryNameRequired)
    .min(SUBCATEGORY_NAME_MIN_LENGTH, categoryMessages.subcategoryNameTooShort)
    .max(100, 'Subcategory name must be at most 100 characters'),
  category: requiredId(categoryMessages.parentCategoryRequired),
});
export type SubcategoryBody = z.infer<typeof subcategoryBody>;

/** A subcategory as the API answers it: `category` is the parent reference, `categoryId` its id. */
export const subcategory = z.object({
  _id: idString,
  name: z.string(),
  category: z.object({ _id: idString, name: z.string() }),
  categoryId: idString,
  productCount: z.number().int().nonnegative(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Subcategory = z.infer<typeof subcategory>;

/** `GET /subcategories` query: optionally one category's; paging, search and sort as categories. */
export const subcategoryListQuery = pageQuery.extend({
  category: idInput.optional(),
  search: z.string().trim().max(100).optional(),
  sort: z.enum(categorySorts).default('name-asc'),
});
export type SubcategoryListQuery = z.input<typeof subcategoryListQuery>;

export const subcategoryListResponse = z.object({
  success: z.literal(true),
  subcategories: z.array(subcategory),
  ...pageInfo,
});
export type SubcategoryListResponse = z.infer<typeof subcategoryListResponse>;

export const subcategoryResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  subcategory,
});
export type SubcategoryResponse = z.infer<typeof subcategoryResponse>;

/**
 * Categories (spec sections 2 'Category and subcategory management', 3, 7). Reading is
 * public (the storefront and the coupon and product forms list them); writes are admin
 * only. The spec's `/categories...` spellings reach the same routes through the
 * legacy-path rewrite (decision 0003).
 */
export const categoryEndpoints = {
  /**
   * `{ success, categories }`, each with its subcategoryCount and productCount, sorted by
   * name. With `limit` a page plus `total` and `nextCursor`; `search` matches the name.
   */
  list: endpoint('GET', '/api/categories', { access: 'public', summary: 'Every category with its counts' })
    .input(z.object({ query: categoryListQuery }))
    .output(categoryListResponse),
  /** `{ _id: null, name, imageUrl }` → 201 'Category created successfully!'; 409 when the name is taken (ignoring case). */
  create: endpoint('POST', '/api/categories/create', {
    access: 'admin',
    permission: 'catalog:write',
    summary: 'Create a category',
    status: 201,
    errors: [409],
  })
    .input(z.object({ body: categoryBody }))
    .output(categoryResponse),
  /** Same body → 'Category updated successfully!'; 409 when the name is taken. */
  update: endpoint('PUT', '/api/categories/{id}', {
    access: 'admin',
    permission: 'catalog:write',
    summary: 'Rename a category or change its image',
    errors: [409],
  })
    .input(z.object({ params: idParams, body: categoryBody }))
    .output(categoryResponse),
  /**
   * Deletes the category and its subcategories ('Delete Category?') → 'Category deleted
   * successfully!'; 409 when products use it or its subcategories (the message says how many).
   */
  remove: endpoint('DELETE', '/api/categories/{id}', {
    access: 'admin',
    permission: 'catalog:write',
    summary: 'Delete a category and its subcategories',
    errors: [409],
  })
    .input(z.object({ params: idParams }))
    .output(messageResponse),
};

/**
 * Subcategories (spec sections 2 'Category and subcategory management', 3, 7). Reading
 * is public; writes are admin only. `/subcategories...` reaches the same routes through
 * the legacy-path rewrite.
 */
export const subcategoryEndpoints = {
  /** `{ success, subcategories }` sorted by name, each with its parent and productCount; `category` keeps one category's. With `limit` a page. */
  list: endpoint('GET', '/api/subcategories', {
    access: 'public',
    summary: 'Subcategories, optionally of one category',
  })
    .input(z.object({ query: subcategoryListQuery }))
    .output(subcategoryListResponse),
  /** `{ _id, name, category }` → 201 'Subcategory created successfully!'; 400 when the parent is missing, 409 name taken within the category. */
  create: endpoint('POST', '/api/subcategories', {
    access: 'admin',
    permission: 'catalog:write',
    summary: 'Create a subcategory',
    status: 201,
    errors: [409],
  })
    .input(z.object({ body: subcategoryBody }))
    .output(subcategoryResponse),
  /** Rename or move to another category (its products move with it); 409 name taken. */
  update: endpoint('PUT', '/api/subcategories/{id}', {
    access: 'admin',
    permission: 'catalog:write',
    summary: 'Rename a subcategory or move it to another category',
    errors: [409],
  })
    .input(z.object({ params: idParams, body: subcategoryBody }))
    .output(subcategoryResponse),
  /** 'Delete Subcategory?' → 'Subcategory deleted successfully!'; 409 when products use it (the message says how many). */
  remove: endpoint('DELETE', '/api/subcategories/{id}', {
    access: 'admin',
    permission: 'catalog:write',
    summary: 'Delete a subcategory',
    errors: [409],
  })
    .input(z.object({ params: idParams }))
    .output(messageResponse),
};
