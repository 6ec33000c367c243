import {
  EditOutlined,
  EnvironmentOutlined,
  EyeOutlined,
  MailOutlined,
  PhoneOutlined,
  SearchOutlined,
  ShopOutlined,
  TeamOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Input, Skeleton, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CUSTOMER_SEARCH_MAX } from '@contracts/constants';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { LoadMore } from '@/components/ui/load-more';
import { formatDate } from '@/lib/dates';
import { listCountText } from '@/lib/paged-list';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useUrlSearchBox } from '@/lib/use-search-box';
import { customersOf, useCustomerList, type Customer } from '../api/customers';
import { accountStatus, businessTypeText, customerDisplayName, customerInitials, customerSince } from '../display';
import { readCustomerSearch, writeCustomerSearch } from '../url-search';
import { AddCustomerDialog } from './add-customer-dialog';
import { CustomerDetailsDialog, type CustomerSection } from './customer-details-dialog';
import { EditCustomerDialog } from './edit-customer-dialog';
import './customers.css';

/** Spec section 9: placeholder cards while loading. */
export const SKELETON_CARDS = { desktop: 6, mobile: 3 } as const;

/**
 * Spec section 2's Manage Customers: the shell shows the title and subtitle ('View and manage your
 * customer accounts', on mobile 'View and manage customer accounts'); here the search, the Add
 * button, the loading and empty states, and one card per customer, with a layout of its own on
 * each side. The server searches (business name, name or email) and pages, newest first, a page
 * at a time ("Load more"); the search is in the URL (`/admin/customers?q=corner`), sent once
 * typing pauses.
 */
export function ManageCustomersPage({ customerSection }: { customerSection?: CustomerSection } = {}) {
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const search = readCustomerSearch(params);
  const [text, setText] = useUrlSearchBox(
    search,
    useCallback((typed: string) => setParams((current) => writeCustomerSearch(current, typed), { replace: true }), [setParams]),
  );
  const customers = useCustomerList({ q: search || undefined });
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<Customer | null>(null);
  const [editing, setEditing] = useState<Customer | null>(null);
  const list = customersOf(customers.data);
  const total = customers.data?.pages[0]?.total ?? null;

  return (
    <div className={mobile ? 'manage-customers customers-mobile' : 'manage-customers'}>
      <div className="customers-toolbar">
        <div className="customer-search">
          <label htmlFor="customer-search" className="visually-hidden">
            Search customers
          </label>
          <Input
            id="customer-search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Business name, name or email"
            prefix={<SearchOutlined aria-hidden="true" />}
            allowClear
            maxLength={CUSTOMER_SEARCH_MAX}
          />
        </div>
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)} className="add-customer-button">
          {mobile ? 'Add New Customer' : 'Add Customer'}
        </Button>
      </div>

      {customers.isLoading ? (
        <div className={mobile ? 'customer-list' : 'customer-grid'} aria-busy="true" aria-label="Loading customers">
          {Array.from({ length: mobile ? SKELETON_CARDS.mobile : SKELETON_CARDS.desktop }, (_, i) => (
            <Card key={i} className="customer-card" data-testid="customer-skeleton">
              <Skeleton active avatar paragraph={{ rows: 3 }} />
            </Card>
          ))}
        </div>
      ) : customers.isError ? (
        <LoadError icon={<TeamOutlined />} title="Customers could not be loaded" query={customers} />
      ) : list.length === 0 && search ? (
        <EmptyState icon={<SearchOutlined />} title="No customers match" hint="Try another business name, name or email" />
      ) : list.length === 0 ? (
        mobile ? (
          <EmptyState icon={<TeamOutlined />} title="No customers yet" hint="Start by adding your first customer to manage their account" />
        ) : (
          <EmptyState icon={<TeamOutlined />} title="No customers found" hint="No customer data is available yet" />
        )
      ) : (
        <>
          <p className="muted customers-count" aria-live="polite">
            {listCountText(list.length, total, search !== '', ['customer', 'customers'])}
          </p>
          <div className={mobile ? 'customer-list' : 'customer-grid'} role="list" aria-label="Customers">
            {list.map((c) =>
              mobile ? (
                <MobileCustomerCard key={c.id} customer={c} onView={() => setViewing(c)} onEdit={() => setEditing(c)} />
              ) : (
                <DesktopCustomerCard key={c.id} customer={c} onView={() => setViewing(c)} onEdit={() => setEditing(c)} />
              ),
            )}
          </div>
          <LoadMore query={customers} what="customers" />
        </>
      )}

      <AddCustomerDialog open={adding} onClose={() => setAdding(false)} />
      <CustomerDetailsDialog
        customer={viewing}
        section={customerSection}
        onClose={() => setViewing(null)}
        onEdit={(c) => {
          setViewing(null);
          setEditing(c);
        }}
      />
      <EditCustomerDialog customer={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

interface CardProps {
  customer: Customer;
  onView: () => void;
  onEdit: () => void;
}

function CardHead({ customer, mobile }: { customer: Customer; mobile: boolean }) {
  return (
    <div className="customer-card-head">
      <Avatar size={mobile ? 40 : 48} className="customer-avatar" aria-hidden="true">
        {customerInitials(customer)}
      </Avatar>
      <div className="customer-card-title">
        <h2 className="customer-name" title={customerDisplayName(customer)}>
          {customerDisplayName(customer)}
        </h2>
        <div className="muted customer-since">{customerSince(customer, mobile)}</div>
      </div>
      <Tag color="green" className="customer-active">
        Active
      </Tag>
    </div>
  );
}

function Contact({ customer }: { customer: Customer }) {
  return (
    <ul className="customer-contact">
      <li>
        <MailOutlined aria-hidden="true" />
        <span className="customer-email" title={customer.email}>
          <span className="visually-hidden">Email: </span>
          {customer.email}
        </span>
      </li>
      {customer.phone && (
        <li>
          <PhoneOutlined aria-hidden="true" />
          <span>
            <span className="visually-hidden">Phone: </span>
            {customer.phone}
          </span>
        </li>
      )}
      {customer.address && (
        <li className="customer-address">
          <EnvironmentOutlined aria-hidden="true" />
          <span>
            <span className="visually-hidden">Address: </span>
            {customer.address}
          </span>
        </li>
      )}
    </ul>
  );
}

function Dates({ customer }: { customer: Customer }) {
  return (
    <dl className="customer-dates">
      <div>
        <dt>Member since</dt>
        <dd>{formatDate(customer.createdAt)}</dd>
      </div>
      <div>
        <dt>Last updated</dt>
        <dd>{formatDate(customer.updatedAt)}</dd>
      </div>
    </dl>
  );
}

function Actions({ customer, onView, onEdit }: CardProps) {
  const name = customerDisplayName(customer);
  return (
    <div className="customer-actions">
      <Button icon={<EyeOutlined />} onClick={onView} aria-label={`View ${name}`}>
        View
      </Button>
      <Button icon={<EditOutlined />} onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
    </div>
  );
}

/** Desktop: initials, name, 'Customer since', Active, contact, Account Status, dates, View and Edit. */
function DesktopCustomerCard(props: CardProps) {
  const { customer } = props;
  return (
    <article className="customer-card" role="listitem" aria-label={customerDisplayName(customer)} data-customer-id={customer.id}>
      <CardHead customer={customer} mobile={false} />
      <Contact customer={customer} />
      <div className="customer-status">
        <span className="muted">Account Status</span>
        <span className="customer-status-value">{accountStatus(customer)}</span>
      </div>
      <Dates customer={customer} />
      <Actions {...props} />
    </article>
  );
}

/** Mobile: the same with 'Since', and the business type instead of the account status. */
function MobileCustomerCard(props: CardProps) {
  const { customer } = props;
  const type = businessTypeText(customer.businessType);
  return (
    <article className="customer-card" role="listitem" aria-label={customerDisplayName(customer)} data-customer-id={customer.id}>
      <CardHead customer={customer} mobile />
      <Contact customer={customer} />
      {type && (
        <div className="customer-type">
          <ShopOutlined aria-hidden="true" />
          <span>
            <span className="visually-hidden">Business type: </span>
            <span className="customer-type-value">{type}</span>
          </span>
        </div>
      )}
      <Dates customer={customer} />
      <Actions {...props} />
    </article>
  );
}

export default ManageCustomersPage;
