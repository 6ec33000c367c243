import { Button, Form, Input, Skeleton } from 'antd';
import { useEffect } from 'react';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/toast-store';
import { isApiError } from '@/lib/api-client';
import { rule } from '@/lib/form-rule';
import { useBakeryDetails, useSaveBakeryDetails, type BakeryDetails } from '../api/invoices';
import { BAKERY_DETAILS_LIMITS, bakeryDetailsProblem, toBakeryDetails } from '../invoices';

const FIELDS: (keyof BakeryDetails)[] = ['name', 'address', 'taxId', 'paymentInstructions'];

/**
 * The bakery's details (GET/PUT /api/admin/bakery-details): its name, address, tax id and payment
 * instructions, printed at the head of every PDF and copied into each invoice as it is issued
 * (an invoice already issued keeps the details it was issued with).
 */
export function BakeryDetailsCard() {
  const details = useBakeryDetails();
  return (
    <Card title={<h2 className="card-heading">Bakery Details</h2>} className="bakery-details-card">
      <p className="muted bakery-details-intro">On every PDF, and on each invoice from the moment it is issued.</p>
      {details.isLoading ? (
        <Skeleton active paragraph={{ rows: 5 }} title={false} />
      ) : details.isError || !details.data ? (
        <LoadError inline title="The bakery details could not be loaded" query={details} />
      ) : (
        <BakeryDetailsForm saved={details.data} />
      )}
    </Card>
  );
}

function BakeryDetailsForm({ saved }: { saved: BakeryDetails }) {
  const [form] = Form.useForm<BakeryDetails>();
  const save = useSaveBakeryDetails();

  useEffect(() => form.setFieldsValue(saved), [saved, form]);

  const onFinish = (values: BakeryDetails) => {
    save.mutate(toBakeryDetails(values), {
      onSuccess: (answer) => {
        form.setFieldsValue(answer);
        notify.success('Invoices issued from now on carry them', 'Bakery details saved');
      },
      onError: (err) => {
        if (isApiError(err, 400) && err.body?.errors) {
          const fields = Object.entries(err.body.errors).filter(([key]) => (FIELDS as string[]).includes(key));
          form.setFields(fields.map(([name, errors]) => ({ name: name as keyof BakeryDetails, errors })));
          notify.error('Please correct the highlighted fields', 'The bakery details were not saved');
        } else {
          notify.failed('Failed to save the bakery details', err);
        }
      },
    });
  };

  const check = (field: keyof BakeryDetails) => [rule<string | undefined>((value) => bakeryDetailsProblem(field, value))];
  return (
    <Form<BakeryDetails> form={form} name="bakery-details" layout="vertical" requiredMark={false} noValidate initialValues={saved} onFinish={onFinish}>
      <Form.Item name="name" label="Bakery name" rules={check('name')}>
        <Input maxLength={BAKERY_DETAILS_LIMITS.nameMax} autoComplete="organization" />
      </Form.Item>
      <Form.Item name="address" label="Address" rules={check('address')}>
        <Input.TextArea rows={3} maxLength={BAKERY_DETAILS_LIMITS.textMax} autoComplete="street-address" />
      </Form.Item>
      <Form.Item name="taxId" label="Tax ID" rules={check('taxId')} extra="e.g. a VAT or EIN number; printed on invoices">
        <Input maxLength={BAKERY_DETAILS_LIMITS.textMax} autoComplete="off" />
      </Form.Item>
      <Form.Item name="paymentInstructions" label="Payment instructions" rules={check('paymentInstructions')} extra="How customers pay: bank account, terms">
        <Input.TextArea rows={3} maxLength={BAKERY_DETAILS_LIMITS.textMax} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} className="bakery-details-save">
        {save.isPending ? 'Saving...' : 'Save Details'}
      </Button>
    </Form>
  );
}
