import { Button, Form, Input, Skeleton } from 'antd';
import { useEffect } from 'react';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/toast-store';
import { isApiError } from '@/lib/api-client';
import { rule } from '@/lib/form-rule';
import { usePricingSettings, useSavePricingSettings, type PricingSettings } from '../api/price-lists';
import {
  pricingFieldOf,
  pricingFormValues,
  toPricingSettings,
  validateDeliveryFee,
  validateOptionalAmount,
  validateTaxPercent,
  type PricingFormValues,
} from '../pricing-form';

/**
 * The bakery's own terms (PUT /api/config/pricing): the delivery fee and tax rate every cart shows,
 * and the bakery-wide minimum order and free-delivery threshold (empty: none). A customer's own
 * terms, set in Manage Customers, override the minimum, the fee and the threshold.
 */
export function BakeryTermsCard() {
  const pricing = usePricingSettings();
  return (
    <Card title={<h2 className="card-heading">Bakery Terms</h2>} className="bakery-terms-card">
      <p className="muted bakery-terms-intro">What every customer pays, unless their own terms in Manage Customers say otherwise.</p>
      {pricing.isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : pricing.isError || !pricing.data ? (
        <LoadError inline title="The pricing settings could not be loaded" query={pricing} />
      ) : (
        <BakeryTermsForm saved={pricing.data} />
      )}
    </Card>
  );
}

function BakeryTermsForm({ saved }: { saved: PricingSettings }) {
  const [form] = Form.useForm<PricingFormValues>();
  const save = useSavePricingSettings();
  const { deliveryFee, taxRate, minimumOrder, freeDeliveryThreshold } = saved;

  useEffect(
    () => form.setFieldsValue(pricingFormValues({ deliveryFee, taxRate, minimumOrder, freeDeliveryThreshold })),
    [deliveryFee, taxRate, minimumOrder, freeDeliveryThreshold, form],
  );

  const onFinish = (values: PricingFormValues) => {
    save.mutate(toPricingSettings(values), {
      onSuccess: () => notify.success('Carts and orders use them from now on', 'Bakery terms saved'),
      onError: (err) => {
        if (isApiError(err, 400) && err.body?.errors) {
          const fields = Object.entries(err.body.errors).flatMap(([key, errors]) => {
            const name = pricingFieldOf(key);
            return name ? [{ name, errors }] : [];
          });
          form.setFields(fields);
          notify.error('Please correct the highlighted fields', 'The bakery terms were not saved');
        } else {
          notify.failed('Failed to save the bakery terms', err);
        }
      },
    });
  };

  return (
    <Form<PricingFormValues>
      form={form}
      name="bakery-terms"
      layout="vertical"
      requiredMark={false}
      noValidate
      initialValues={pricingFormValues(saved)}
      onFinish={onFinish}
    >
      <div className="form-row">
        <Form.Item name="deliveryFee" label="Delivery fee" rules={[rule(validateDeliveryFee)]}>
          <Input inputMode="decimal" prefix="$" autoComplete="off" />
        </Form.Item>
        <Form.Item name="taxPercent" label="Tax rate" rules={[rule(validateTaxPercent)]}>
          <Input inputMode="decimal" suffix="%" autoComplete="off" />
        </Form.Item>
      </div>
      <div className="form-row">
        <Form.Item name="minimumOrder" label="Minimum order" rules={[rule(validateOptionalAmount)]} extra="Empty: no minimum">
          <Input inputMode="decimal" prefix="$" placeholder="None" autoComplete="off" />
        </Form.Item>
        <Form.Item name="freeDeliveryThreshold" label="Free delivery from" rules={[rule(validateOptionalAmount)]} extra="Empty: delivery is always charged">
          <Input inputMode="decimal" prefix="$" placeholder="None" autoComplete="off" />
        </Form.Item>
      </div>
      <Button type="primary" htmlType="submit" loading={save.isPending} className="bakery-terms-save">
        {save.isPending ? 'Saving...' : 'Save Terms'}
      </Button>
    </Form>
  );
}
