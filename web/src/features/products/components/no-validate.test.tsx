import { makeProduct } from '@/testing/fixtures';
import { renderWithClient } from '@/testing/test-utils';
import { ProductFormDialog } from './product-form-dialog';
import { RestockDialog } from './restock-dialog';
import { ReviewSubmissionDialog } from './review-submission-dialog';
import { SubmitProductDialog } from './submit-product-dialog';

/** The browser's own validation bubbles would cover the app's field messages. */
describe('product dialogs leave validation to the app', () => {
  it('add, edit, restock, review and submit', () => {
    global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
    const product = makeProduct({ id: 'p1', name: 'Sourdough Loaf' });
    renderWithClient(
      <>
        <ProductFormDialog mode="add" open onClose={() => undefined} />
        <ProductFormDialog mode="edit" open product={product} onClose={() => undefined} />
        <RestockDialog product={product} onClose={() => undefined} />
        <ReviewSubmissionDialog product={makeProduct({ id: 'p2', reviewStatus: 'pending_review' })} onClose={() => undefined} />
        <SubmitProductDialog open onClose={() => undefined} />
      </>,
    );
    const forms = Array.from(document.querySelectorAll('form'));
    expect(forms.map((f) => f.id).sort()).toEqual(['add-product', 'edit-product', 'restock', 'review-submission', 'submit-product']);
    for (const form of forms) expect(form).toHaveAttribute('novalidate');
  });
});
