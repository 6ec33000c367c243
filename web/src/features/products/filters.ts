import type { Product } from '@contracts/catalog';
import { isLiveProduct } from '@contracts/live-product';

/** Spec section 2: the category filter and the search dropdown's fixed terms. */
export const CATEGORY_OPTIONS = [
  { value: 'all', label: 'All Categories' },
  { value: 'breads', label: 'Breads' },
  { value: 'pastries', label: 'Pastries' },
  { value: 'bagels', label: 'Bagels' },
] as const;

export const SEARCH_TERMS = ['all', 'bread', 'croissant', 'bagel', 'muffin', 'sourdough', 'baguette', 'roll', 'danish'] as const;

export const SEARCH_OPTIONS = SEARCH_TERMS.map((term) => ({
  value: term,
  label: term === 'all' ? 'All Products' : term[0].toUpperCase() + term.slice(1),
}));

export interface ProductFilters {
  category: string;
  search: string;
}

export const NO_FILTERS: ProductFilters = { category: 'all', search: 'all' };

export const isFiltered = (filters: ProductFilters): boolean => filters.category !== 'all' || filters.search !== 'all';

/** Only live products (`isLiveProduct`), in the category, whose name or description mentions the term. */
export function filterProducts(products: Product[], filters: ProductFilters): Product[] {
  const term = filters.search === 'all' ? '' : filters.search.toLowerCase();
  return products.filter((p) => {
    if (!isLiveProduct(p)) return false;
    if (filters.category !== 'all' && p.category !== filters.category) return false;
    if (term && !`${p.name} ${p.description ?? ''}`.toLowerCase().includes(term)) return false;
    return true;
  });
}

/** Spec section 4: only with stock, live (active), and no add request in flight. */
export const canAddToCart = (product: Pick<Product, 'stock' | 'isActive'> & Partial<Pick<Product, 'reviewStatus'>>, adding: boolean): boolean =>
  product.stock > 0 && isLiveProduct(product) && !adding;
