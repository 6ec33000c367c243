import { Button, Form, InputNumber, Modal } from 'antd';
import { useEffect } from 'react';
import { notify } from '@/components/ui/toast-store';
import { isApiError } from '@/lib/api-client';
import { rule } from '@/lib/form-rule';
import { useUpdateCustomer, type Customer } from '../api/customers';
import { customerFormValues, DROP_POSITION_MAX, toUpdateCustomerInput, validateDropPosition, type CustomerFormValues } from '../customer-form';
import { customerDisplayName } from '../display';
import { CustomerProfileFields } from './add-customer-dialog';

/** Edit: the customer's profile (names, business, contact); email and password stay as they are. */
export function EditCustomerDialog({ customer, onClose }: { customer: Customer | null; onClose: () => void }) {
  const [form] = Form.useForm<CustomerFormValues>();
  const update = useUpdateCustomer();

  useEffect(() => {
    if (customer) form.setFieldsValue(customerFormValues(customer));
  }, [customer, form]);

  const close = () => {
    form.resetFields();
    onClose();
  };

  const onFinish = (values: CustomerFormValues) => {
    if (!customer) return;
    const changes = toUpdateCustomerInput(customer, values);
    if (Object.keys(changes).length === 0) {
      close();
      return;
    }
    update.mutate(
      { id: customer.id, changes },
      {
        onSuccess: () => {
          notify.success('Customer updated successfully');
          close();
        },
        onError: (err) => notify.error((isApiError(err) && err.serverMessage) || 'Failed to update customer'),
      },
    );
  };

  return (
    <Modal
      title={customer ? `Edit ${customerDisplayName(customer)}` : 'Edit Customer'}
      open={customer !== null}
      onCancel={close}
      // a stray click beside a half-filled form must not throw the typing away
      mask={{ closable: false }}
      forceRender
      width={560}
      footer={[
        <Button key="cancel" onClick={close}>
          Cancel
        </Button>,
        <Button key="save" type="primary" loading={update.isPending} onClick={() => form.submit()}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>,
      ]}
    >
      {customer && <p className="dialog-description">{customer.email}</p>}
      <Form<CustomerFormValues> noValidate form={form} name="edit-customer" layout="vertical" requiredMark={false} onFinish={onFinish} className="customer-form">
        <CustomerProfileFields />
        <fieldset className="form-section">
          <legend className="form-section-title">Delivery Run</legend>
          <Form.Item
            name="dropPosition"
            label="Drop position"
            rules={[rule(validateDropPosition)]}
            extra="Where this stop comes in its time slot on the run sheet and packing slips; empty: after the numbered stops"
          >
            <InputNumber min={1} max={DROP_POSITION_MAX} precision={0} placeholder="None" style={{ width: '100%' }} />
          </Form.Item>
        </fieldset>
      </Form>
    </Modal>
  );
}
