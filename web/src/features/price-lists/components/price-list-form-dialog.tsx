import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal, Select } from 'antd';
import { useMemo, useState } from 'react';
import type { Product } from '@contracts/catalog';
import { notify } from '@/components/ui/toast-store';
import { useProducts } from '@/features/products/api/products';
import { isApiError } from '@/lib/api-client';
import { rule } from '@/lib/form-rule';
import { formatAmount } from '@/lib/money';
import { useSavePriceList, type PriceList } from '../api/price-lists';
import {
  EMPTY_PRICE_LIST,
  formFieldOf,
  percentageMeaning,
  PRICE_LIST_LIMITS,
  priceListFormValues,
  toPriceListInput,
  validateFixedPrice,
  validateListName,
  validatePercentage,
  type FixedPriceValue,
  type PriceListFormValues,
} from '../price-list-form';

/**
 * New Price List and Edit: a name, a percentage of the default prices, and fixed prices for some
 * products (picked by searching the admin's product list), which override the percentage. A PUT
 * replaces the whole list. Shown while `list` is 'new' or a list.
 */
export function PriceListFormDialog({ list, onClose }: { list: 'new' | PriceList; onClose: () => void }) {
  const [form] = Form.useForm<PriceListFormValues>();
  const save = useSavePriceList();
  const products = useProducts({ fresh: true });
  // a message of the server about the fixed prices as a whole (one per product, at most 80)
  const [listProblem, setListProblem] = useState<string | null>(null);
  const editing = list === 'new' ? null : list;
  const initial = useMemo(() => (editing ? priceListFormValues(editing) : EMPTY_PRICE_LIST), [editing]);
  const percentage = Form.useWatch('percentage', form) ?? initial.percentage;
  const rows: FixedPriceValue[] = Form.useWatch('fixedPrices', form) ?? initial.fixedPrices;
  const byId = useMemo(() => new Map((products.data ?? []).map((p) => [p.id, p])), [products.data]);
  const full = rows.length >= PRICE_LIST_LIMITS.fixedPricesMax;

  const onFinish = (values: PriceListFormValues) => {
    setListProblem(null);
    save.mutate(
      { id: editing?.id, body: toPriceListInput({ ...values, fixedPrices: values.fixedPrices ?? [] }) },
      {
        onSuccess: (saved) => {
          notify.success(editing ? `${saved.name} has been updated` : `${saved.name} has been created`, editing ? 'Price list saved' : 'Price list created');
          onClose();
        },
        onError: (err) => {
          if (isApiError(err, 400) && err.body?.errors) {
            const errors = Object.entries(err.body.errors);
            form.setFields(errors.flatMap(([key, messages]) => {
              const name = formFieldOf(key);
              return name ? [{ name: name as never, errors: messages }] : [];
            }));
            const whole = errors.filter(([key]) => formFieldOf(key) === null).flatMap(([, messages]) => messages);
            setListProblem(whole[0] ?? null);
            notify.error('Please correct the highlighted fields', 'The price list was not saved');
          } else {
            notify.failed('Failed to save the price list', err);
          }
        },
      },
    );
  };

  return (
    <Modal
      title={editing ? `Edit ${editing.name}` : 'New Price List'}
      open
      onCancel={onClose}
      mask={{ closable: false }}
      width={640}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="save" type="primary" loading={save.isPending} onClick={() => form.submit()}>
          {save.isPending ? 'Saving...' : editing ? 'Save Changes' : 'Create Price List'}
        </Button>,
      ]}
    >
      <p className="terms-dialog-description">Customers on this list see these prices and never its name.</p>
      <Form<PriceListFormValues> form={form} name="price-list" layout="vertical" requiredMark={false} noValidate initialValues={initial} onFinish={onFinish} className="price-list-form">
        <div className="form-row">
          <Form.Item name="name" label="Name" rules={[rule(validateListName)]}>
            <Input maxLength={PRICE_LIST_LIMITS.nameMax} placeholder="e.g. Cafe chains" autoComplete="off" />
          </Form.Item>
          <Form.Item name="percentage" label="Percentage of default prices" rules={[rule(validatePercentage)]} extra={validatePercentage(percentage) ? '90 is 10% off, 110 is 10% more' : percentageMeaning(percentage.trim())}>
            <Input inputMode="decimal" suffix="%" autoComplete="off" />
          </Form.Item>
        </div>
        <fieldset className="form-section">
          <legend className="form-section-title">Fixed prices</legend>
          <p className="muted price-list-form-hint">A fixed price is what the customer pays for that product, whatever the percentage.</p>
          <Form.List name="fixedPrices">
            {(fields, { add, remove }) => (
              <>
                <ProductPicker
                  products={products.data ?? []}
                  loading={products.isLoading}
                  failed={products.isError}
                  exclude={rows.map((r) => r.productId)}
                  disabled={full}
                  onPick={(product) => {
                    setListProblem(null);
                    add({ productId: product.id, price: product.price });
                  }}
                />
                {full && <p className="muted">A list holds at most {PRICE_LIST_LIMITS.fixedPricesMax} fixed prices.</p>}
                {fields.length === 0 ? (
                  <p className="muted price-list-no-fixed">No fixed prices: every product at the percentage.</p>
                ) : (
                  <ul className="fixed-price-list" aria-label="Fixed prices">
                    {fields.map((field) => {
                      const productId = rows[field.name]?.productId;
                      const product = productId ? byId.get(productId) : undefined;
                      const name = product?.name ?? (products.isLoading ? 'Loading...' : 'A product no longer in the catalogue');
                      return (
                        <li key={field.key} className="fixed-price-row" aria-label={name}>
                          {/* a field of the form, so that the row's product is read and sent with its price */}
                          <Form.Item name={[field.name, 'productId']} hidden>
                            <Input />
                          </Form.Item>
                          <div className="fixed-price-product">
                            <div className="fixed-price-name">{name}</div>
                            {product && <div className="muted">Default {formatAmount(product.price)}</div>}
                          </div>
                          <Form.Item name={[field.name, 'price']} rules={[rule(validateFixedPrice)]} className="fixed-price-field">
                            <Input inputMode="decimal" prefix="$" aria-label={`Fixed price of ${name}`} autoComplete="off" />
                          </Form.Item>
                          <Button
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={`Remove the fixed price of ${name}`}
                            onClick={() => {
                              setListProblem(null);
                              remove(field.name);
                            }}
                          />
                        </li>
                      );
                    })}
                  </ul>
                )}
              </>
            )}
          </Form.List>
          {listProblem && <Alert type="error" showIcon role="alert" title={listProblem} className="price-list-form-problem" />}
        </fieldset>
      </Form>
    </Modal>
  );
}

/** Search the product list by name and add one (products already on the list are not offered). */
function ProductPicker({
  products,
  loading,
  failed,
  exclude,
  disabled,
  onPick,
}: {
  products: Product[];
  loading: boolean;
  failed: boolean;
  exclude: string[];
  disabled: boolean;
  onPick: (product: Product) => void;
}) {
  const options = useMemo(() => {
    const taken = new Set(exclude);
    // customers' submissions waiting for review (or turned down) are not on sale
    return products
      .filter((p) => p.reviewStatus === 'approved' && !taken.has(p.id))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((p) => ({ value: p.id, label: `${p.name} · ${formatAmount(p.price)}` }));
  }, [products, exclude]);
  return (
    <div className="field fixed-price-picker">
      <label htmlFor="fixed-price-product" className="visually-hidden">
        Add a fixed price for a product
      </label>
      <Select<string>
        id="fixed-price-product"
        showSearch={{ optionFilterProp: 'label' }}
        value={null}
        placeholder={failed ? 'The products could not be loaded' : 'Search products to add a fixed price'}
        options={options}
        loading={loading}
        disabled={disabled || failed}
        notFoundContent={loading ? 'Loading products...' : 'No products found'}
        onChange={(id) => {
          const product = products.find((p) => p.id === id);
          if (product) onPick(product);
        }}
        className="full-width"
      />
    </div>
  );
}
