import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { dismissToast } from '@/components/ui/toast-store';
import { makeProduct } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderWithClient } from '@/testing/test-utils';
import { ProductFormDialog } from './product-form-dialog';

/**
 * A product's lead time (issue 16): the days of notice it needs beyond a delivery date's cut-off,
 * 0 to 30, sent as `leadDays` by Add Product and (when changed) by Edit.
 */
type FetchMock = ReturnType<typeof mockFetch>;
const bodyOf = (fetchMock: FetchMock, method: string) => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === method);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};
// by its text: a role query computes names over antd's whole dialog, slowly in jsdom
const submitButton = (name: string) => screen.getByText(name, { selector: '.ant-modal-footer button span' });
const leadTime = () => screen.getByLabelText('Lead time (days)') as HTMLInputElement;

async function chooseCategory(label: string) {
  fireEvent.mouseDown(screen.getByLabelText('Category'));
  await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${label}"]`)).not.toBeNull());
  fireEvent.click(document.querySelector<HTMLElement>(`.ant-select-item-option[title="${label}"]`)!);
}

describe('product form: lead time', () => {
  beforeEach(() => act(() => dismissToast()));

  it('Add Product starts at 0 days and sends the lead time entered', async () => {
    const fetchMock = mockFetch({ 'POST /api/products': (init) => jsonResponse(makeProduct(JSON.parse(String(init?.body))), 201, 'Created') });
    renderWithClient(<ProductFormDialog mode="add" open onClose={() => undefined} />);
    expect(leadTime().value).toBe('0');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Celebration Cake' } });
    fireEvent.change(screen.getByLabelText('Price ($)'), { target: { value: '45.00' } });
    await chooseCategory('Pastries');
    fireEvent.change(leadTime(), { target: { value: '3' } });
    fireEvent.click(submitButton('Add Product'));
    await waitFor(() => expect(bodyOf(fetchMock, 'POST')).toBeDefined());
    expect(bodyOf(fetchMock, 'POST')).toMatchObject({ name: 'Celebration Cake', price: '45.00', category: 'pastries', leadDays: 3 });
  });

  it('refuses a blank lead time with the server’s message (the limits: product-form.test.ts), and sends nothing', async () => {
    const fetchMock = mockFetch({});
    renderWithClient(<ProductFormDialog mode="add" open onClose={() => undefined} />);
    fireEvent.change(leadTime(), { target: { value: '' } });
    fireEvent.click(submitButton('Add Product'));
    expect(await screen.findByText('Lead time must be a whole number of days from 0 to 30')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('Edit shows the product’s lead time and sends it only when changed', async () => {
    const product = makeProduct({ id: 'p-cake', name: 'Celebration Cake', category: 'pastries', leadDays: 2 });
    const fetchMock = mockFetch({ 'PATCH /api/products/p-cake': (init) => jsonResponse({ ...product, ...JSON.parse(String(init?.body)) }) });
    renderWithClient(<ProductFormDialog mode="edit" open product={product} onClose={() => undefined} />);
    await waitFor(() => expect(leadTime().value).toBe('2'));
    fireEvent.change(leadTime(), { target: { value: '5' } });
    fireEvent.click(submitButton('Save Changes'));
    await waitFor(() => expect(bodyOf(fetchMock, 'PATCH')).toBeDefined());
    expect(bodyOf(fetchMock, 'PATCH')).toEqual({ leadDays: 5 });
  });
});

describe('product form: batch size (issue 18)', () => {
  beforeEach(() => act(() => dismissToast()));
  const batchSize = () => screen.getByLabelText('Batch size (optional)') as HTMLInputElement;

  it('Add Product starts empty and sends the batch size entered', async () => {
    const fetchMock = mockFetch({ 'POST /api/products': (init) => jsonResponse(makeProduct(JSON.parse(String(init?.body))), 201, 'Created') });
    renderWithClient(<ProductFormDialog mode="add" open onClose={() => undefined} />);
    expect(batchSize().value).toBe('');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Dinner Rolls' } });
    fireEvent.change(screen.getByLabelText('Price ($)'), { target: { value: '0.60' } });
    await chooseCategory('Breads');
    fireEvent.change(batchSize(), { target: { value: '48' } });
    fireEvent.click(submitButton('Add Product'));
    await waitFor(() => expect(bodyOf(fetchMock, 'POST')).toBeDefined());
    expect(bodyOf(fetchMock, 'POST')).toMatchObject({ name: 'Dinner Rolls', category: 'breads', batchSize: 48 });
  });

  it('Edit shows the batch size and, emptied, sends null', async () => {
    const product = makeProduct({ id: 'p-rolls', name: 'Dinner Rolls', category: 'breads', batchSize: 48 });
    const fetchMock = mockFetch({ 'PATCH /api/products/p-rolls': (init) => jsonResponse({ ...product, ...JSON.parse(String(init?.body)) }) });
    renderWithClient(<ProductFormDialog mode="edit" open product={product} onClose={() => undefined} />);
    await waitFor(() => expect(batchSize().value).toBe('48'));
    fireEvent.change(batchSize(), { target: { value: '' } });
    fireEvent.click(submitButton('Save Changes'));
    await waitFor(() => expect(bodyOf(fetchMock, 'PATCH')).toBeDefined());
    expect(bodyOf(fetchMock, 'PATCH')).toEqual({ batchSize: null });
  });
});
