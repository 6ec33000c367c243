import { DeleteOutlined, EditOutlined, PlusOutlined, TagsOutlined, TeamOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { LoadMore } from '@/components/ui/load-more';
import { notify } from '@/components/ui/toast-store';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { listCountText } from '@/lib/paged-list';
import { useIsMobile } from '@/lib/use-is-mobile';
import { priceListsOf, useDeletePriceList, usePriceLists, type PriceList } from '../api/price-lists';
import { percentageMeaning, plainPercentage } from '../price-list-form';
import { BakeryTermsCard } from './bakery-terms-card';
import { PriceListCustomersDialog } from './price-list-customers-dialog';
import { PriceListFormDialog } from './price-list-form-dialog';
import './price-lists.css';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Price Lists (issue 19), for admins: each list a percentage of the default prices plus fixed
 * prices for some products; newest first, 50 at a time with "Load more". New, Edit, the customers
 * on a list, Delete (refused while a customer is on it). Beside them, the bakery's own terms:
 * delivery fee, tax rate, minimum order and free delivery.
 */
export function PriceListsPage() {
  const mobile = useIsMobile();
  const lists = usePriceLists();
  const [editing, setEditing] = useState<'new' | PriceList | null>(null);
  const [viewing, setViewing] = useState<PriceList | null>(null);
  const [deleting, setDeleting] = useState<PriceList | null>(null);
  const shown = priceListsOf(lists.data);
  const total = lists.data?.pages[0]?.total ?? null;

  return (
    <div className={mobile ? 'price-lists price-lists-mobile' : 'price-lists'}>
      <div className="price-lists-main">
        <div className="price-lists-toolbar">
          <p className="muted price-lists-intro">Customers on a list see its prices in the catalogue, cart and orders; everyone else pays the default prices.</p>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} className="new-price-list">
            New Price List
          </Button>
        </div>
        {lists.isLoading ? (
          <Card aria-busy="true" aria-label="Loading price lists">
            <Skeleton active />
          </Card>
        ) : lists.isError ? (
          <LoadError icon={<TagsOutlined />} title="Price lists could not be loaded" query={lists} />
        ) : shown.length === 0 ? (
          <EmptyState
            icon={<TagsOutlined />}
            title="No price lists yet"
            hint="Every customer pays the products' own prices. Create a list for a group of customers, then choose it for them in Manage Customers."
          />
        ) : (
          <>
            <p className="muted price-lists-count" aria-live="polite">
              {listCountText(shown.length, total, false, ['price list', 'price lists'])}
            </p>
            <ul className="price-list-list" aria-label="Price lists">
              {shown.map((list) => (
                <PriceListCard key={list.id} list={list} onEdit={() => setEditing(list)} onCustomers={() => setViewing(list)} onDelete={() => setDeleting(list)} />
              ))}
            </ul>
            <LoadMore query={lists} what="price lists" />
          </>
        )}
      </div>
      <div className="price-lists-side">
        <BakeryTermsCard />
      </div>
      {editing !== null && <PriceListFormDialog list={editing} onClose={() => setEditing(null)} />}
      {viewing && <PriceListCustomersDialog list={viewing} onClose={() => setViewing(null)} />}
      {deleting && <DeletePriceListDialog list={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}

function PriceListCard({ list, onEdit, onCustomers, onDelete }: { list: PriceList; onEdit: () => void; onCustomers: () => void; onDelete: () => void }) {
  return (
    <li className="price-list-card" aria-label={list.name} data-price-list-id={list.id}>
      <div className="price-list-info">
        <div className="price-list-head">
          <h3 className="price-list-name">{list.name}</h3>
          <Tag color={list.percentage === '100.00' ? 'default' : 'orange'} className="price-list-percentage">
            {plainPercentage(list.percentage)}%
          </Tag>
        </div>
        <div className="price-list-meaning">{percentageMeaning(list.percentage)}</div>
        <ul className="price-list-meta muted">
          <li>{plural(list.fixedPrices.length, 'fixed price', 'fixed prices')}</li>
          <li>{list.customerCount === 0 ? 'No customers' : `Used by ${plural(list.customerCount, 'customer', 'customers')}`}</li>
          <li>Updated {formatDate(list.updatedAt)}</li>
        </ul>
      </div>
      <div className="price-list-actions">
        <Button icon={<TeamOutlined />} onClick={onCustomers} aria-label={`Customers on ${list.name}`}>
          Customers
        </Button>
        <Button icon={<EditOutlined />} onClick={onEdit} aria-label={`Edit ${list.name}`}>
          Edit
        </Button>
        <Button danger icon={<DeleteOutlined />} onClick={onDelete} aria-label={`Delete ${list.name}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}

/** Asks first; a list a customer is on is refused (409): the dialog says so and stays. */
function DeletePriceListDialog({ list, onClose }: { list: PriceList; onClose: () => void }) {
  const remove = useDeletePriceList();
  const [refused, setRefused] = useState<string | null>(null);
  const onDelete = () => {
    setRefused(null);
    remove.mutate(list.id, {
      onSuccess: () => {
        notify.success(`${list.name} has been deleted`, 'Price list deleted');
        onClose();
      },
      onError: (err) => {
        if (isApiError(err, 409)) setRefused(err.serverMessage ?? 'This price list is assigned to customers: move them to another list first');
        else notify.failed('Failed to delete the price list', err);
      },
    });
  };
  return (
    <Modal
      title={`Delete ${list.name}?`}
      open
      onCancel={onClose}
      width={480}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {refused ? 'Close' : 'Cancel'}
        </Button>,
        <Button key="delete" type="primary" danger loading={remove.isPending} disabled={refused !== null} onClick={onDelete}>
          Delete Price List
        </Button>,
      ]}
    >
      {refused ? (
        <Alert type="error" showIcon role="alert" title="This price list cannot be deleted" description={refused} className="price-list-refused" />
      ) : (
        <p>
          The list and its fixed prices are removed. Orders already placed keep the prices they were placed with.
          {list.customerCount > 0 && ` ${plural(list.customerCount, 'customer is', 'customers are')} on it: move them to another list first.`}
        </p>
      )}
    </Modal>
  );
}

export default PriceListsPage;
