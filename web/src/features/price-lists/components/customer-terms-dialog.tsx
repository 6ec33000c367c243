import { Button, Form, Input, Modal, Select, Switch } from 'antd';
import { useMemo } from 'react';
import { notify } from '@/components/ui/toast-store';
import { isApiError } from '@/lib/api-client';
import { rule } from '@/lib/form-rule';
import { formatAmount } from '@/lib/money';
import { priceListsOf, usePriceList, usePriceLists, useSetCustomerTerms, type CustomerTerms, type PricingSettings } from '../api/price-lists';
import { plainPercentage } from '../price-list-form';
import {
  HOLD_REASON_MAX,
  TERMS_AMOUNTS,
  TERMS_LABELS,
  termsFormValues,
  toTermsChanges,
  validateHoldReason,
  validateTermsAmount,
  type TermsFormValues,
} from '../terms-form';

const FORM_FIELDS: readonly string[] = ['priceListId', ...TERMS_AMOUNTS, 'onHold', 'holdReason'];

/**
 * Edit a customer's terms: their price list, their own minimum order, delivery fee and
 * free-delivery threshold (empty: the bakery's), and a hold, which needs a reason. Only what
 * changed is sent; each change is audited.
 */
export function CustomerTermsDialog({
  customerId,
  saved,
  bakery,
  onClose,
}: {
  customerId: string;
  saved: CustomerTerms;
  /** the bakery's own terms, shown as what an empty field means */
  bakery: PricingSettings | undefined;
  onClose: () => void;
}) {
  const [form] = Form.useForm<TermsFormValues>();
  const set = useSetCustomerTerms();
  const initial = useMemo(() => termsFormValues(saved), [saved]);
  const onHold = Form.useWatch('onHold', form) ?? initial.onHold;

  const onFinish = (values: TermsFormValues) => {
    const changes = toTermsChanges(saved, values);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    set.mutate(
      { customerId, changes },
      {
        onSuccess: () => {
          notify.success('The customer’s prices and terms apply from their next order', 'Terms saved');
          onClose();
        },
        onError: (err) => {
          if (isApiError(err, 400) && err.body?.errors) {
            const errors = Object.entries(err.body.errors).filter(([key]) => FORM_FIELDS.includes(key));
            form.setFields(errors.map(([name, messages]) => ({ name: name as keyof TermsFormValues, errors: messages })));
            notify.error(errors[0]?.[1][0] ?? err.serverMessage ?? 'Please correct the highlighted fields', 'The terms were not saved');
          } else {
            notify.failed('Failed to save the terms', err);
          }
        },
      },
    );
  };

  const placeholder = (field: (typeof TERMS_AMOUNTS)[number]) => {
    if (!bakery) return 'Bakery default';
    const value = bakery[field];
    return `Bakery default: ${value === null ? 'none' : formatAmount(value)}`;
  };

  return (
    <Modal
      title="Edit terms"
      open
      onCancel={onClose}
      mask={{ closable: false }}
      width={560}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="save" type="primary" loading={set.isPending} onClick={() => form.submit()}>
          {set.isPending ? 'Saving...' : 'Save Terms'}
        </Button>,
      ]}
    >
      <p className="terms-dialog-description">Empty fields use the bakery’s own terms (Price Lists, Bakery Terms).</p>
      <Form<TermsFormValues> form={form} name="customer-terms" className="customer-terms-form" layout="vertical" requiredMark={false} noValidate initialValues={initial} onFinish={onFinish}>
        <Form.Item name="priceListId" label={TERMS_LABELS.priceListId} extra="The customer sees their prices, never the list’s name">
          <PriceListSelect current={saved.priceListId} />
        </Form.Item>
        <div className="form-row">
          {TERMS_AMOUNTS.map((field) => (
            <Form.Item key={field} name={field} label={TERMS_LABELS[field]} rules={[rule(validateTermsAmount)]}>
              <Input inputMode="decimal" prefix="$" placeholder={placeholder(field)} autoComplete="off" />
            </Form.Item>
          ))}
        </div>
        <fieldset className="form-section">
          <legend className="form-section-title">Account hold</legend>
          <Form.Item name="onHold" valuePropName="checked" label="On hold" extra="While on hold the customer can browse and keep a cart, but cannot place or change orders; their standing orders are skipped.">
            <Switch />
          </Form.Item>
          {/* always a field of the form (hidden while not on hold): a Save made the moment the switch turns still checks the reason */}
          <Form.Item
            name="holdReason"
            label="Reason (administrators only)"
            hidden={!onHold}
            dependencies={['onHold']}
            rules={[({ getFieldValue }) => rule<string | undefined>((value) => validateHoldReason(value, getFieldValue('onHold') === true))]}
          >
            <Input.TextArea rows={2} maxLength={HOLD_REASON_MAX} placeholder="e.g. Invoices 60 days overdue" />
          </Form.Item>
        </fieldset>
      </Form>
    </Modal>
  );
}

/**
 * The lists to choose from, a page at a time (the next page loads as the menu scrolls to its end);
 * the customer's list is named even when its page is not loaded. '' is the default prices.
 */
function PriceListSelect({ current, value, onChange, id }: { current: string | null; value?: string; onChange?: (value: string) => void; id?: string }) {
  const lists = usePriceLists();
  const currentList = usePriceList(current);
  const options = useMemo(() => {
    const loaded = priceListsOf(lists.data);
    const all = currentList.data && !loaded.some((l) => l.id === currentList.data!.id) ? [currentList.data, ...loaded] : loaded;
    return [
      { value: '', label: 'Default prices (none)' },
      ...all.map((l) => ({ value: l.id, label: `${l.name} · ${plainPercentage(l.percentage)}%${l.fixedPrices.length > 0 ? ` + ${l.fixedPrices.length} fixed` : ''}` })),
    ];
  }, [lists.data, currentList.data]);
  return (
    <Select<string>
      id={id}
      value={value}
      onChange={onChange}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      loading={lists.isLoading || lists.isFetchingNextPage}
      notFoundContent={lists.isError ? 'The price lists could not be loaded' : 'No price lists'}
      onPopupScroll={(e) => {
        const el = e.currentTarget;
        if (lists.hasNextPage && !lists.isFetchingNextPage && el.scrollTop + el.clientHeight >= el.scrollHeight - 24) void lists.fetchNextPage();
      }}
      className="full-width"
    />
  );
}
