import { Button, Form, InputNumber, Modal } from 'antd';
import { useEffect } from 'react';
import type { Product } from '@contracts/catalog';
import { notify } from '@/components/ui/toast-store';
import { rule } from '@/lib/form-rule';
import { useRestockProduct } from '../api/products';
import { validateRestock } from '../product-form';

interface RestockValues {
  add?: number | null;
}

/** Restock: how many arrived; the product's stock goes up by that much. */
export function RestockDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const [form] = Form.useForm<RestockValues>();
  const restock = useRestockProduct();
  const add = Form.useWatch('add', form);
  const current = product?.stock ?? 0;

  useEffect(() => {
    if (product) form.setFieldsValue({ add: product.reorderQuantity > 0 ? product.reorderQuantity : undefined });
  }, [product, form]);

  const close = () => {
    form.resetFields();
    onClose();
  };

  const onFinish = ({ add: amount }: RestockValues) => {
    if (!product || !amount) return;
    restock.mutate(
      { id: product.id, add: amount },
      {
        onSuccess: (saved) => {
          notify.success(`${saved.name} now has ${saved.stock} in stock`, 'Stock updated');
          close();
        },
        onError: () => notify.error('Failed to restock product'),
      },
    );
  };

  return (
    <Modal
      title={product ? `Restock ${product.name}` : 'Restock'}
      open={product !== null}
      onCancel={close}
      // a stray click beside a half-filled form must not throw the typing away
      mask={{ closable: false }}
      forceRender
      footer={[
        <Button key="cancel" onClick={close}>
          Cancel
        </Button>,
        <Button key="submit" type="primary" loading={restock.isPending} onClick={() => form.submit()}>
          {restock.isPending ? 'Restocking...' : 'Restock'}
        </Button>,
      ]}
    >
      <dl className="restock-figures">
        <div>
          <dt>In stock now</dt>
          <dd data-testid="restock-current">{current}</dd>
        </div>
        <div>
          <dt>Low stock at</dt>
          <dd>{product?.lowStockThreshold ?? '—'}</dd>
        </div>
        <div>
          <dt>After restock</dt>
          <dd data-testid="restock-after">{typeof add === 'number' && add > 0 ? current + add : current}</dd>
        </div>
      </dl>
      <Form<RestockValues> noValidate form={form} name="restock" layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item name="add" label="Quantity to add" rules={[rule((v: number | null | undefined) => validateRestock(v, current))]}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
