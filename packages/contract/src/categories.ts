import { z } from 'zod';
import { idInput, idString, isHttpUrl, isoDateTime, pageInfo, pageQuery, requiredId } from './common.js';

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
    .refine(isHttpUrl, categoryMessages.imageUrlInvalid),
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
