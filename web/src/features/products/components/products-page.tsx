import { InboxOutlined, SearchOutlined } from '@ant-design/icons';
import { Select, Skeleton } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { useUser } from '@/features/auth/api/auth';
import { useIsMobile } from '@/lib/use-is-mobile';
import { isAdmin } from '@/lib/user';
import { useProducts } from '../api/products';
import { CATEGORY_OPTIONS, filterProducts, isFiltered, NO_FILTERS, SEARCH_OPTIONS, type ProductFilters } from '../filters';
import { ProductCard, ProductRow } from './product-card';
import { SubmitProduct } from './submit-product';
import './products.css';

/**
 * Cards rendered at once: more than a first screen holds (two rows of four at 1280 x 800, three rows
 * on a phone). The rest follow in a deferred render that React splits into short slices, so a long
 * catalogue never blocks the page in one task.
 */
export const FIRST_CARDS = 12;

/**
 * Photos fetched at once, ahead of the rest: about a first screen's (a row of four on a desktop, four
 * rows on a phone). The others wait until they near the screen, so on a slow line the first photos
 * (the page's largest paint) do not share it with a dozen below.
 */
export const FIRST_PHOTOS = 4;

/** Spec section 2: the customer catalogue, with separate mobile and desktop layouts. */
export function ProductsPage() {
  const { user } = useUser();
  const mobile = useIsMobile();
  const products = useProducts();
  const [filters, setFilters] = useState<ProductFilters>(NO_FILTERS);
  const visible = useMemo(() => filterProducts(products.data ?? [], filters), [products.data, filters]);
  const shown = useDeferredValue(visible.length, Math.min(visible.length, FIRST_CARDS));
  const customer = !isAdmin(user);

  return (
    <div className={mobile ? 'products products-mobile' : 'products'}>
      <div className="products-toolbar">
        <div className="filter-field">
          <label htmlFor="category-filter" className="filter-label">
            Category
          </label>
          <Select
            id="category-filter"
            value={filters.category}
            onChange={(category) => setFilters((f) => ({ ...f, category }))}
            options={CATEGORY_OPTIONS.map((o) => ({ ...o }))}
            className="filter-select"
          />
        </div>
        <div className="filter-field">
          <label htmlFor="search-filter" className="filter-label">
            Search
          </label>
          <Select
            id="search-filter"
            value={filters.search}
            onChange={(search) => setFilters((f) => ({ ...f, search }))}
            options={SEARCH_OPTIONS}
            suffixIcon={<SearchOutlined />}
            className="filter-select"
          />
        </div>
        {customer && (
          <div className="toolbar-end">
            <SubmitProduct />
          </div>
        )}
      </div>

      {products.isLoading ? (
        <div className={mobile ? 'product-list' : 'product-grid'}>
          {Array.from({ length: mobile ? 3 : 6 }, (_, i) => (
            <Card key={i}>
              <Skeleton active />
            </Card>
          ))}
        </div>
      ) : products.isError ? (
        <LoadError icon={<InboxOutlined />} title="Products could not be loaded" query={products} />
      ) : visible.length === 0 ? (
        isFiltered(filters) ? (
          <EmptyState icon={<SearchOutlined />} title="No products found" hint="Try adjusting your search or filter criteria" />
        ) : (
          <EmptyState icon={<InboxOutlined />} title="No products are currently available" />
        )
      ) : mobile ? (
        <section className="product-list" aria-label="Products">
          {visible.slice(0, shown).map((p, i) => (
            <ProductRow key={p.id} product={p} canOrder={customer} photoFirst={i < FIRST_PHOTOS} />
          ))}
        </section>
      ) : (
        <section className="product-grid" aria-label="Products">
          {visible.slice(0, shown).map((p, i) => (
            <ProductCard key={p.id} product={p} canOrder={customer} photoFirst={i < FIRST_PHOTOS} />
          ))}
        </section>
      )}
    </div>
  );
}

export default ProductsPage;
