import { Button, Form, Input, Modal, Select } from 'antd';
import { ALL_BUSINESS_TYPE_OPTIONS, validateBusinessName, validateEmail, validatePassword } from '@/lib/account-validation';
import { notify } from '@/components/ui/toast-store';
import { isApiError } from '@/lib/api-client';
import { rule } from '@/lib/form-rule';
import { useCreateCustomer } from '../api/customers';
import { toCreateCustomerInput, type CustomerFormValues } from '../customer-form';

/** The spec's description of the dialog, word for word. */
export const ADD_CUSTOMER_DESCRIPTION = 'Create a new customer account. All fields except email and password are optional.';

/** Spec section 8: the server's message, or 'Failed to create customer'. */
export function createCustomerErrorMessage(err: unknown): string {
  return (isApiError(err) && err.serverMessage) || 'Failed to create customer';
}

/**
 * Add New Customer (spec section 2): Account, Personal, Business and Contact Information;
 * 'Create Customer' ('Creating...') and 'Cancel' (resets and closes).
 */
export function AddCustomerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<CustomerFormValues>();
  const create = useCreateCustomer();

  const cancel = () => {
    form.resetFields();
    onClose();
  };

  const onFinish = (values: CustomerFormValues) => {
    create.mutate(toCreateCustomerInput(values), {
      onSuccess: () => {
        notify.success('Customer created successfully!', 'Success');
        form.resetFields();
        onClose();
      },
      onError: (err) => notify.error(createCustomerErrorMessage(err), 'Error'),
    });
  };

  return (
    <Modal
      title="Add New Customer"
      open={open}
      onCancel={cancel}
      // a stray click beside a half-filled form must not throw the typing away
      mask={{ closable: false }}
      forceRender
      width={560}
      footer={[
        <Button key="cancel" onClick={cancel}>
          Cancel
        </Button>,
        <Button key="create" type="primary" loading={create.isPending} onClick={() => form.submit()}>
          {create.isPending ? 'Creating...' : 'Create Customer'}
        </Button>,
      ]}
    >
      <p className="dialog-description">{ADD_CUSTOMER_DESCRIPTION}</p>
      <Form<CustomerFormValues> noValidate form={form} name="add-customer" layout="vertical" requiredMark={false} onFinish={onFinish} className="customer-form">
        <fieldset className="form-section">
          <legend className="form-section-title">Account Information</legend>
          <Form.Item name="email" label="Email" rules={[rule(validateEmail)]}>
            <Input type="email" autoComplete="off" placeholder="customer@business.com" />
          </Form.Item>
          <Form.Item name="password" label="Password" rules={[rule(validatePassword)]}>
            <Input.Password autoComplete="new-password" placeholder="Min. 6 characters" />
          </Form.Item>
        </fieldset>
        <CustomerProfileFields />
      </Form>
    </Modal>
  );
}

/** Personal, Business and Contact Information: shared by Add New Customer and Edit. */
export function CustomerProfileFields() {
  return (
    <>
      <fieldset className="form-section">
        <legend className="form-section-title">Personal Information</legend>
        <div className="form-row">
          <Form.Item name="firstName" label="First Name">
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="lastName" label="Last Name">
            <Input autoComplete="off" />
          </Form.Item>
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend className="form-section-title">Business Information</legend>
        <Form.Item name="businessName" label="Business Name" rules={[rule(validateBusinessName)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="businessType" label="Business Type">
          <Select placeholder="Select business type" options={ALL_BUSINESS_TYPE_OPTIONS} allowClear />
        </Form.Item>
      </fieldset>
      <fieldset className="form-section">
        <legend className="form-section-title">Contact Information</legend>
        <Form.Item name="phone" label="Phone">
          <Input type="tel" autoComplete="off" />
        </Form.Item>
        <Form.Item name="address" label="Address">
          <Input.TextArea rows={3} />
        </Form.Item>
      </fieldset>
    </>
  );
}
