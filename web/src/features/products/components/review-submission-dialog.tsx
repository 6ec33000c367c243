import { Button, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { SUBMISSION_PLACEHOLDER_NAME } from '@contracts/constants';
import type { Product } from '@contracts/catalog';
import { ProductImage } from '@/components/ui/product-image';
import { notify } from '@/components/ui/toast-store';
import { formatDate } from '@/lib/dates';
import { rule } from '@/lib/form-rule';
import { formatAmount } from '@/lib/money';
import { useUpdateProduct } from '../api/products';
import { CATEGORY_CHOICES, validateCategory, validateDescription, validateName, type ProductFormValues } from '../product-form';

type ReviewValues = Pick<ProductFormValues, 'name' | 'description' | 'category'>;

/**
 * A customer's submission (photo, price, quantity): the admin completes it with a name, a
 * description and a category, then approves it (it goes live) or rejects it (spec section 4).
 */
export function ReviewSubmissionDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const [form] = Form.useForm<ReviewValues>();
  const update = useUpdateProduct();
  const deciding = update.isPending ? update.variables?.changes.reviewStatus : undefined;

  useEffect(() => {
    if (product) {
      form.setFieldsValue({
        name: product.name === SUBMISSION_PLACEHOLDER_NAME ? '' : product.name,
        description: product.description ?? '',
        category: product.category ?? undefined,
      });
    }
  }, [product, form]);

  const close = () => {
    form.resetFields();
    onClose();
  };

  const approve = (values: ReviewValues) => {
    if (!product) return;
    const description = values.description?.trim();
    update.mutate(
      {
        id: product.id,
        changes: { name: values.name!.trim(), description: description ? description : null, category: values.category!, reviewStatus: 'approved' },
      },
      {
        onSuccess: (saved) => {
          notify.success(`${saved.name} is now in the catalogue`, 'Submission approved');
          close();
        },
        onError: () => notify.error('Failed to review submission'),
      },
    );
  };

  const reject = () => {
    if (!product) return;
    update.mutate(
      { id: product.id, changes: { reviewStatus: 'rejected' } },
      {
        onSuccess: () => {
          notify.success('The submission was rejected and stays out of the catalogue', 'Submission rejected');
          close();
        },
        onError: () => notify.error('Failed to review submission'),
      },
    );
  };

  return (
    <Modal
      title="Review Submission"
      open={product !== null}
      onCancel={close}
      // a stray click beside a half-filled form must not throw the typing away
      mask={{ closable: false }}
      forceRender
      footer={[
        <Button key="cancel" onClick={close}>
          Cancel
        </Button>,
        <Button key="reject" danger loading={deciding === 'rejected'} disabled={update.isPending} onClick={reject}>
          {deciding === 'rejected' ? 'Rejecting...' : 'Reject'}
        </Button>,
        <Button key="approve" type="primary" loading={deciding === 'approved'} disabled={update.isPending} onClick={() => form.submit()}>
          {deciding === 'approved' ? 'Approving...' : 'Approve'}
        </Button>,
      ]}
    >
      {product && (
        <div className="review-summary">
          <ProductImage product={{ name: 'Submitted photo', imageUrl: product.imageUrl }} className="review-photo" />
          <dl className="review-facts">
            <div>
              <dt>Price</dt>
              <dd>{formatAmount(product.price)}</dd>
            </div>
            <div>
              <dt>Quantity</dt>
              <dd>{product.stock}</dd>
            </div>
            <div>
              <dt>Submitted</dt>
              <dd>{formatDate(product.createdAt)}</dd>
            </div>
          </dl>
        </div>
      )}
      <p className="muted">Complete the product before it goes live: customers will see this name, description and category.</p>
      <Form<ReviewValues> noValidate form={form} name="review-submission" layout="vertical" requiredMark={false} onFinish={approve}>
        <Form.Item name="name" label="Name" rules={[rule(validateName)]}>
          <Input placeholder="e.g. Seeded Rye" autoComplete="off" />
        </Form.Item>
        <Form.Item name="description" label="Description" rules={[rule(validateDescription)]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="category" label="Category" rules={[rule(validateCategory)]}>
          <Select placeholder="Select category" options={CATEGORY_CHOICES} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
