import {
  AppstoreOutlined,
  CheckCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  InboxOutlined,
  PlusOutlined,
  SearchOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { Button, Input, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import { useMemo, useState, type HTMLAttributes } from 'react';
import type { Product } from '@contracts/catalog';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { ProductImage } from '@/components/ui/product-image';
import { notify } from '@/components/ui/toast-store';
import { useUser } from '@/features/auth/api/auth';
import { confirmAction } from '@/lib/browser';
import { formatDate } from '@/lib/dates';
import { formatAmount } from '@/lib/money';
import { useIsMobile } from '@/lib/use-is-mobile';
import { isAdmin } from '@/lib/user';
import { useDeleteProduct, useProducts, useToggleProductActive } from '../api/products';
import {
  adminBadgeColor,
  adminBadgeLevel,
  adminBadgeText,
  catalogueProducts,
  deleteConfirmText,
  pendingSubmissions,
  rejectedSubmissions,
  toggleConfirmText,
  toggledMessage,
} from '../admin-badge';
import { categoryLabel } from '../product-form';
import { ProductFormDialog } from './product-form-dialog';
import { RestockDialog } from './restock-dialog';
import { ReviewSubmissionDialog } from './review-submission-dialog';
import { SubmitProduct } from './submit-product';
import './products.css';
import './manage-products.css';

/** The actions every product row and card offers, with the spec's confirmations and toasts. */
function useProductActions() {
  const toggle = useToggleProductActive();
  const remove = useDeleteProduct();
  const onToggle = (product: Product) => {
    if (!confirmAction(toggleConfirmText(product))) return;
    toggle.mutate(product.id, {
      onSuccess: (saved) => notify.success(toggledMessage(saved)),
      onError: () => notify.error('Failed to toggle product status'),
    });
  };
  const onDelete = (product: Product) => {
    if (!confirmAction(deleteConfirmText(product))) return;
    remove.mutate(product.id, {
      onSuccess: () => notify.success('Product deleted successfully'),
      onError: () => notify.error('Failed to delete product'),
    });
  };
  const busy = (product: Product) =>
    (toggle.isPending && toggle.variables === product.id) || (remove.isPending && remove.variables === product.id);
  return { onToggle, onDelete, busy };
}

interface RowHandlers {
  onEdit: (p: Product) => void;
  onRestock: (p: Product) => void;
  onToggle: (p: Product) => void;
  onDelete: (p: Product) => void;
  busy: (p: Product) => boolean;
}

/** Spec section 2: the admin's products, a table on desktop and cards on mobile. */
export function ManageProductsPage() {
  const { user } = useUser();
  const admin = isAdmin(user);
  const mobile = useIsMobile();
  const products = useProducts({ fresh: true });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Product | null>(null);
  const [restocking, setRestocking] = useState<Product | null>(null);
  const [reviewing, setReviewing] = useState<Product | null>(null);
  const [search, setSearch] = useState('');
  const { onToggle, onDelete, busy } = useProductActions();

  const all = useMemo(() => products.data ?? [], [products.data]);
  const catalogue = useMemo(() => catalogueProducts(all), [all]);
  const visible = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? catalogue.filter((p) => `${p.name} ${p.description ?? ''} ${p.category ?? ''}`.toLowerCase().includes(needle)) : catalogue;
  }, [catalogue, search]);
  const pending = useMemo(() => pendingSubmissions(all), [all]);
  const rejected = useMemo(() => rejectedSubmissions(all), [all]);
  const handlers: RowHandlers = { onEdit: setEditing, onRestock: setRestocking, onToggle, onDelete, busy };

  const active = catalogue.filter((p) => p.isActive).length;
  const low = catalogue.filter((p) => adminBadgeLevel(p) === 'low').length;

  return (
    <div className={mobile ? 'manage-products manage-mobile' : 'manage-products'}>
      <div className="manage-toolbar">
        <div className="filter-field manage-search">
          <label htmlFor="product-search" className="filter-label">
            Search products
          </label>
          <Input
            id="product-search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Name, description or category"
            prefix={<SearchOutlined aria-hidden="true" />}
            allowClear
          />
        </div>
        <div className="toolbar-end">
          {admin ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              Add Product
            </Button>
          ) : (
            <SubmitProduct />
          )}
        </div>
      </div>

      {products.isLoading ? (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : products.isError ? (
        <LoadError icon={<InboxOutlined />} title="Products could not be loaded" query={products} />
      ) : (
        <>
          <ul className="manage-stats" aria-label="Catalogue summary">
            <li>
              <strong>{catalogue.length}</strong> products
            </li>
            <li>
              <strong>{active}</strong> active
            </li>
            <li className={low > 0 ? 'stat-warn' : undefined}>
              <strong>{low}</strong> low stock
            </li>
            <li className={pending.length > 0 ? 'stat-attention' : undefined}>
              <strong>{pending.length}</strong> awaiting review
            </li>
          </ul>

          <Submissions pending={pending} rejected={rejected} onReview={setReviewing} onDelete={onDelete} mobile={mobile} />

          <section aria-labelledby="catalogue-heading" className="manage-section">
            <h2 id="catalogue-heading" className="section-heading">
              Catalogue
            </h2>
            {catalogue.length === 0 ? (
              <EmptyState
                icon={<AppstoreOutlined />}
                title="No products yet"
                hint="Add your first product to open the catalogue."
                action={
                  admin ? (
                    <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                      Add Product
                    </Button>
                  ) : undefined
                }
              />
            ) : visible.length === 0 ? (
              <EmptyState icon={<SearchOutlined />} title="No products found" hint="Try another search" />
            ) : mobile ? (
              <div className="manage-cards">
                {visible.map((p) => (
                  <ProductAdminCard key={p.id} product={p} {...handlers} />
                ))}
              </div>
            ) : (
              <ProductTable products={visible} {...handlers} />
            )}
          </section>
        </>
      )}

      <ProductFormDialog mode="add" open={adding} onClose={() => setAdding(false)} />
      <ProductFormDialog mode="edit" open={editing !== null} product={editing} onClose={() => setEditing(null)} />
      <RestockDialog product={restocking} onClose={() => setRestocking(null)} />
      <ReviewSubmissionDialog product={reviewing} onClose={() => setReviewing(null)} />
    </div>
  );
}

export function AdminBadge({ product, where }: { product: Product; where: 'table' | 'card' }) {
  return (
    <Tag color={adminBadgeColor(product)} className="admin-badge" data-level={adminBadgeLevel(product)}>
      {adminBadgeText(product, where)}
    </Tag>
  );
}

/** Edit, Restock, Activate/Deactivate and Delete; in the table Delete is an icon (labelled) to keep one line. */
function ProductActions({ product, onEdit, onRestock, onToggle, onDelete, busy, iconDelete }: RowHandlers & { product: Product; iconDelete?: boolean }) {
  const disabled = busy(product);
  const size = 'small';
  return (
    <div className="product-admin-actions">
      <Button size={size} icon={<EditOutlined />} onClick={() => onEdit(product)} aria-label={`Edit ${product.name}`}>
        Edit
      </Button>
      <Button size={size} icon={<PlusOutlined />} onClick={() => onRestock(product)} aria-label={`Restock ${product.name}`}>
        Restock
      </Button>
      <Button
        size={size}
        icon={product.isActive ? <StopOutlined /> : <CheckCircleOutlined />}
        onClick={() => onToggle(product)}
        disabled={disabled}
        aria-label={`${product.isActive ? 'Deactivate' : 'Activate'} ${product.name}`}
      >
        {product.isActive ? 'Deactivate' : 'Activate'}
      </Button>
      <Button
        size={size}
        danger
        icon={<DeleteOutlined />}
        onClick={() => onDelete(product)}
        disabled={disabled}
        aria-label={`Delete ${product.name}`}
        title={iconDelete ? 'Delete' : undefined}
      >
        {iconDelete ? null : 'Delete'}
      </Button>
    </div>
  );
}

function ProductTable({ products, ...handlers }: RowHandlers & { products: Product[] }) {
  const columns: TableColumnsType<Product> = [
    {
      title: 'Product',
      key: 'product',
      render: (_, p) => (
        <div className="table-product">
          <ProductImage product={p} className="table-thumb" />
          <div className="table-product-text">
            <div className="table-product-name" title={p.name}>
              {p.name}
            </div>
            {p.description && (
              <div className="table-product-description" title={p.description}>
                {p.description}
              </div>
            )}
          </div>
        </div>
      ),
    },
    { title: 'Category', key: 'category', width: 100, render: (_, p) => categoryLabel(p.category) },
    { title: 'Price', key: 'price', width: 90, align: 'right', render: (_, p) => <span className="num">{formatAmount(p.price)}</span> },
    {
      title: 'Stock',
      key: 'stock',
      width: 110,
      align: 'right',
      render: (_, p) => (
        <span className="num" data-testid="stock">
          {p.stock}
          <span className="muted stock-min"> / min {p.lowStockThreshold}</span>
        </span>
      ),
    },
    { title: 'Status', key: 'status', width: 100, render: (_, p) => <AdminBadge product={p} where="table" /> },
    { title: 'Actions', key: 'actions', width: 320, render: (_, p) => <ProductActions product={p} {...handlers} iconDelete /> },
  ];
  return (
    <Table<Product>
      className="products-table"
      rowKey="id"
      columns={columns}
      dataSource={products}
      // narrower than this (a tablet), the table scrolls inside its box rather than cutting Actions
      scroll={{ x: 880 }}
      pagination={products.length > 25 ? { pageSize: 25, showSizeChanger: false } : false}
      onRow={(p) => ({ 'aria-label': p.name, 'data-product-id': p.id }) as HTMLAttributes<HTMLElement>}
    />
  );
}

function ProductAdminCard({ product, ...handlers }: RowHandlers & { product: Product }) {
  return (
    <article className="product-admin-card" aria-label={product.name} data-product-id={product.id}>
      <div className="product-admin-top">
        <ProductImage product={product} className="product-admin-image" />
        <div className="product-admin-info">
          <div className="product-admin-head">
            <h3 className="product-name" title={product.name}>
              {product.name}
            </h3>
            <AdminBadge product={product} where="card" />
          </div>
          <div className="muted">{categoryLabel(product.category)}</div>
          <div className="product-admin-figures">
            <span className="product-price">{formatAmount(product.price)}</span>
            <span className="muted" data-testid="stock">
              {product.stock} in stock · min {product.lowStockThreshold}
            </span>
          </div>
        </div>
      </div>
      <ProductActions product={product} {...handlers} />
    </article>
  );
}

/** Customer submissions, listed apart: waiting ones to complete, and the ones turned down. */
function Submissions({
  pending,
  rejected,
  onReview,
  onDelete,
  mobile,
}: {
  pending: Product[];
  rejected: Product[];
  onReview: (p: Product) => void;
  onDelete: (p: Product) => void;
  mobile: boolean;
}) {
  return (
    <section aria-labelledby="submissions-heading" className="manage-section submissions">
      <div className="section-head">
        <h2 id="submissions-heading" className="section-heading">
          Customer Submissions
        </h2>
        {pending.length > 0 && <Tag color="gold">{pending.length} awaiting review</Tag>}
      </div>
      {pending.length === 0 ? (
        <p className="muted submissions-none">No customer submissions are waiting for review.</p>
      ) : (
        <ul className={mobile ? 'submission-list submission-list-mobile' : 'submission-list'}>
          {pending.map((p) => (
            <SubmissionItem key={p.id} product={p} onReview={onReview} />
          ))}
        </ul>
      )}
      {rejected.length > 0 && (
        <details className="rejected">
          <summary>Rejected submissions ({rejected.length})</summary>
          <ul className="submission-list">
            {rejected.map((p) => (
              <SubmissionItem key={p.id} product={p} onReview={onReview} onDelete={onDelete} />
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

function SubmissionItem({ product, onReview, onDelete }: { product: Product; onReview: (p: Product) => void; onDelete?: (p: Product) => void }) {
  const label = `Submission of ${formatDate(product.createdAt)}, ${formatAmount(product.price)}`;
  return (
    <li className="submission" aria-label={label} data-product-id={product.id}>
      <ProductImage product={{ name: 'Submitted photo', imageUrl: product.imageUrl }} className="submission-photo" />
      <div className="submission-info">
        <div className="submission-name">{product.name}</div>
        <div className="muted">
          {formatAmount(product.price)} · quantity {product.stock}
        </div>
        <div className="muted submission-date">Submitted {formatDate(product.createdAt)}</div>
      </div>
      <div className="submission-actions">
        <Button type={onDelete ? 'default' : 'primary'} size="small" onClick={() => onReview(product)} aria-label={`Review submission of ${formatAmount(product.price)}`}>
          {onDelete ? 'Review again' : 'Review'}
        </Button>
        {onDelete && (
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => onDelete(product)} aria-label={`Delete rejected submission of ${formatAmount(product.price)}`}>
            Delete
          </Button>
        )}
      </div>
    </li>
  );
}

export default ManageProductsPage;
