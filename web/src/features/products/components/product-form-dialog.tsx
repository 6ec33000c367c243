import { Button, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect } from 'react';
import type { Product } from '@contracts/catalog';
import { BATCH_SIZE_MAX } from '@contracts/constants';
import { SCHEDULE_LIMITS } from '@contracts/delivery-rules';
import { notify } from '@/components/ui/toast-store';
import { rule } from '@/lib/form-rule';
import { useCreateProduct, useUpdateProduct } from '../api/products';
import {
  CATEGORY_CHOICES,
  formValuesOf,
  toCreateInput,
  toUpdateInput,
  validateCategory,
  validateDescription,
  validateBatchSize,
  validateLeadDays,
  validateName,
  validatePrice,
  validateStock,
  validateThreshold,
  type ProductFormValues,
} from '../product-form';
import { PhotoUploadField } from './photo-upload-field';

const EMPTY: ProductFormValues = { name: '', description: '', price: '', category: undefined, stock: 0, leadDays: 0, batchSize: null, imageUrl: null };

/**
 * Add Product (spec section 2: name, description, price, category, initial stock, optional photo;
 * and its lead time, the days of notice it needs beyond a delivery date's cut-off, and its batch
 * size for the bake list, issue 18) or, given a
 * product, Edit it (the same fields, stock and the low-stock threshold).
 */
export function ProductFormDialog({ mode, open, product, onClose }: { mode: 'add' | 'edit'; open: boolean; product?: Product | null; onClose: () => void }) {
  const editing = mode === 'edit';
  const [form] = Form.useForm<ProductFormValues>();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (open) form.setFieldsValue(editing && product ? formValuesOf(product) : EMPTY);
  }, [open, editing, product, form]);

  const close = () => {
    form.resetFields();
    onClose();
  };

  const onFinish = (values: ProductFormValues) => {
    if (editing) {
      if (!product) return;
      const changes = toUpdateInput(product, values);
      if (Object.keys(changes).length === 0) {
        close();
        return;
      }
      update.mutate(
        { id: product.id, changes },
        {
          onSuccess: () => {
            notify.success('Product updated successfully');
            close();
          },
          onError: () => notify.error('Failed to update product'),
        },
      );
    } else {
      create.mutate(toCreateInput(values), {
        onSuccess: () => {
          notify.success('Product added successfully');
          close();
        },
        onError: () => notify.error('Failed to add product'),
      });
    }
  };

  const title = editing ? 'Edit Product' : 'Add Product';
  return (
    <Modal
      title={title}
      open={open}
      onCancel={close}
      // a stray click beside a half-filled form must not throw the typing away
      mask={{ closable: false }}
      forceRender
      footer={[
        <Button key="cancel" onClick={close}>
          Cancel
        </Button>,
        <Button key="submit" type="primary" loading={pending} onClick={() => form.submit()}>
          {editing ? (pending ? 'Saving...' : 'Save Changes') : pending ? 'Adding...' : 'Add Product'}
        </Button>,
      ]}
    >
      <Form<ProductFormValues>
        noValidate
        form={form}
        name={editing ? 'edit-product' : 'add-product'}
        layout="vertical"
        requiredMark={false}
        initialValues={EMPTY}
        onFinish={onFinish}
        className="product-form"
      >
        <Form.Item name="imageUrl" label="Product Photo (optional)">
          <PhotoUploadField removable />
        </Form.Item>
        <Form.Item name="name" label="Name" rules={[rule(validateName)]}>
          <Input placeholder="e.g. Rye Sourdough" autoComplete="off" />
        </Form.Item>
        <Form.Item name="description" label="Description" rules={[rule(validateDescription)]}>
          <Input.TextArea rows={2} placeholder="What makes it good" />
        </Form.Item>
        <div className="form-row">
          <Form.Item name="price" label="Price ($)" rules={[rule(validatePrice)]}>
            <Input inputMode="decimal" placeholder="0.00" autoComplete="off" />
          </Form.Item>
          <Form.Item name="category" label="Category" rules={[rule(validateCategory)]}>
            <Select placeholder="Select category" options={CATEGORY_CHOICES} />
          </Form.Item>
        </div>
        <div className="form-row">
          <Form.Item name="stock" label={editing ? 'Stock' : 'Initial Stock'} rules={[rule(validateStock)]}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          {editing && (
            <Form.Item name="lowStockThreshold" label="Low Stock Threshold" rules={[rule(validateThreshold)]}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          )}
        </div>
        <div className="form-row">
          <Form.Item
            name="leadDays"
            label="Lead time (days)"
            rules={[rule(validateLeadDays)]}
            extra="Days of notice beyond the delivery date's cut-off (0 for none), e.g. for celebration cakes"
          >
            <InputNumber min={0} max={SCHEDULE_LIMITS.productLeadDaysMax} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="batchSize"
            label="Batch size (optional)"
            rules={[rule(validateBatchSize)]}
            extra="Units one mix makes, e.g. 48 rolls a dough: the bake list shows batches to mix"
          >
            <InputNumber min={1} max={BATCH_SIZE_MAX} precision={0} placeholder="Not in batches" style={{ width: '100%' }} />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
