import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';

const loadDialog = () => import('./submit-product-dialog');
const SubmitProductDialog = lazy(loadDialog);
// a failed early fetch is retried by the click (lazy's own import), which shows its failure
const preload = () => void loadDialog().catch(() => undefined);

/**
 * The catalogue's 'Submit Product' button. Its dialog's code is fetched when the customer points
 * at or focuses the button (so it is there by the click) and kept once opened.
 */
export function SubmitProduct() {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        Submit Product
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <SubmitProductDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
