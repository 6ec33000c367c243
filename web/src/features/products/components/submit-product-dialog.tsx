import { Button, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { notify } from '@/components/ui/toast-store';
import { rule } from '@/lib/form-rule';
import { useSubmitProduct } from '../api/products';
import {
  clearDraft,
  EMPTY_DRAFT,
  loadDraft,
  saveDraft,
  SubmissionMessages,
  validatePrice,
  validateQuantity,
  type SubmissionDraft,
} from '../submission';
import { PhotoUploadField } from './photo-upload-field';

/**
 * The customer's 'Submit Product' dialog (spec section 2): photo (uploaded at once through the
 * three-step flow), price and quantity, kept as a draft in localStorage until the dialog closes.
 * Loaded only once the customer asks for it (submit-product.tsx), so the catalogue's first screen
 * does not wait for its form, modal and upload code.
 */
export function SubmitProductDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<SubmissionDraft>();
  const submit = useSubmitProduct();

  // each opening starts from the draft kept so far (a reload keeps it too)
  useEffect(() => {
    if (open) form.setFieldsValue(loadDraft());
  }, [open, form]);
  const closeDialog = () => {
    onClose();
    clearDraft();
    form.resetFields();
  };
  const onValuesChange = (_: Partial<SubmissionDraft>, all: SubmissionDraft) => saveDraft({ ...EMPTY_DRAFT, ...all });

  const onFinish = (values: SubmissionDraft) => {
    submit.mutate(
      { price: values.price.trim(), stock: Number(values.quantity), imageUrl: values.imageUrl },
      {
        onSuccess: () => {
          notify.success('Product submitted successfully! Our admin team will review it.');
          closeDialog();
        },
        onError: () => notify.error('Failed to submit product'),
      },
    );
  };
  const onFinishFailed = ({ errorFields }: { errorFields: { name: (string | number)[] }[] }) => {
    if (errorFields.some((f) => f.name[0] === 'imageUrl')) notify.error(SubmissionMessages.uploadFirst);
  };

  return (
    <Modal
      title="Submit Product"
      open={open}
      onCancel={closeDialog}
      forceRender
      footer={[
        <Button key="cancel" onClick={closeDialog}>
          Cancel
        </Button>,
        <Button key="submit" type="primary" loading={submit.isPending} onClick={() => form.submit()}>
          {submit.isPending ? 'Submitting...' : 'Submit Product'}
        </Button>,
      ]}
    >
      <p className="muted">Send us a product you would like us to stock. Our admin team reviews every submission.</p>
      <Form<SubmissionDraft>
        noValidate
        form={form}
        name="submit-product"
        layout="vertical"
        requiredMark={false}
        initialValues={EMPTY_DRAFT}
        onValuesChange={onValuesChange}
        onFinish={onFinish}
        onFinishFailed={onFinishFailed}
      >
        <Form.Item name="imageUrl" label="Product Photo" rules={[{ required: true, message: SubmissionMessages.photoRequired }]}>
          <PhotoUploadField />
        </Form.Item>
        <Form.Item name="price" label="Price ($)" rules={[rule(validatePrice)]} validateTrigger="onBlur">
          <Input inputMode="decimal" placeholder="0.00" autoComplete="off" />
        </Form.Item>
        <Form.Item name="quantity" label="Quantity" rules={[rule(validateQuantity)]} validateTrigger="onBlur">
          <Input type="number" inputMode="numeric" min={1} max={500} step={1} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default SubmitProductDialog;
