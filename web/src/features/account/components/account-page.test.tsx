import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomerAccount } from '@contracts/customers';
import type { MailPreferences } from '@contracts/mail-preferences';
import { dismissToast } from '@/components/ui/toast-store';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { AccountPage } from './account-page';

/** The customer's Account page (issue 20): business details, password, and the optional emails. */
const AT = '2026-11-21T10:00:00.000Z';
const ACCOUNT: CustomerAccount = {
  id: 'cccccccc-cccc-cccc-cccc-cccccccccccc',
  email: 'cafe@example.test',
  role: 'customer',
  firstName: 'Rosa',
  lastName: null,
  profileImageUrl: null,
  businessName: 'Corner Coffee',
  businessType: 'coffee_shop',
  phone: '+1 555 0100',
  address: '1 Bean Street',
  dropPosition: 3,
  createdAt: AT,
  updatedAt: AT,
};
const DEFAULTS: MailPreferences = { orderUpdates: true, standingOrderPreviews: true, cutoffReminders: false };

type FetchMock = ReturnType<typeof mockFetch>;
const bodiesOf = (fetchMock: FetchMock, method: string, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && init?.method === method).map(([, init]) => JSON.parse(String(init?.body)));

function serve(routes: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/account': () => jsonResponse(ACCOUNT),
    'GET /api/account/notifications': () => jsonResponse(DEFAULTS),
    ...routes,
  });
}

const show = () => renderRoutes([{ path: '/account', element: <AccountPage /> }], { path: '/account' });
const SECTION_IDS: Record<string, string> = { 'Business details': 'business-details', Password: 'password', Notifications: 'notifications' };
/** A section by its heading (role queries over antd's whole page are slow on a busy machine: the section's own element). */
const section = async (name: string) =>
  within(
    await waitFor(() => {
      const heading = document.getElementById(`${SECTION_IDS[name]}-heading`);
      if (heading?.textContent !== name) throw new Error(`no ${name} section`);
      return document.querySelector<HTMLElement>(`[aria-labelledby="${SECTION_IDS[name]}-heading"]`)!;
    }),
  );
/** A switch by its label (aria-labelledby), without computing every role's name. */
const switchOf = (scope: ReturnType<typeof within>, name: string) => scope.findByLabelText(name, { selector: '[role="switch"]' });
const SLOW = { timeout: 10_000 };

describe('the Account page (issue 20)', () => {
  beforeEach(() => act(() => dismissToast()));

  it('shows skeletons while loading, then the account’s details in the form', async () => {
    let answer: (response: Response) => void = () => undefined;
    serve({ 'GET /api/account': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { container } = show();
    const details = await section('Business details');
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
    expect(details.queryByLabelText('Business name')).toBeNull();

    act(() => answer(jsonResponse(ACCOUNT)));
    expect(await details.findByLabelText('Business name')).toHaveValue('Corner Coffee');
    expect(details.getByText('cafe@example.test')).toBeInTheDocument();
    expect(details.getByLabelText('First name')).toHaveValue('Rosa');
    expect(details.getByLabelText('Phone')).toHaveValue('+1 555 0100');
    expect(details.getByLabelText('Delivery address')).toHaveValue('1 Bean Street');
    expect(details.getByText('Coffee Shop')).toBeInTheDocument();
  });

  it('says when the account could not be loaded, and Retry reads it again', async () => {
    let fail = true;
    const fetchMock = serve({
      'GET /api/account': () => (fail ? jsonResponse({ statusCode: 503, message: 'Unavailable' }, 503, 'Service Unavailable') : jsonResponse(ACCOUNT)),
      'GET /api/account/notifications': () => (fail ? jsonResponse({ statusCode: 503, message: 'Unavailable' }, 503, 'Service Unavailable') : jsonResponse(DEFAULTS)),
    });
    show();
    const details = await section('Business details');
    expect(await details.findByText('Your account could not be loaded')).toBeInTheDocument();
    const notifications = await section('Notifications');
    expect(await notifications.findByText(/Your email settings could not be loaded/)).toBeInTheDocument();
    // the always-sent line does not depend on the answer
    expect(notifications.getByText('Order confirmations and password emails are always sent.')).toBeInTheDocument();

    fail = false;
    fireEvent.click(details.getByRole('button', { name: /Retry/ }));
    expect(await details.findByLabelText('Business name', {}, SLOW)).toHaveValue('Corner Coffee');
    fireEvent.click(notifications.getByRole('button', { name: /Retry/ }));
    expect(await switchOf(notifications, 'Order updates')).toBeChecked();
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/account')).toHaveLength(2);
  });

  it('saves only what changed (an emptied field is cleared), with a success toast, and shows the saved answer', async () => {
    const fetchMock = serve({
      'PATCH /api/account': (init) => jsonResponse({ ...ACCOUNT, ...JSON.parse(String(init?.body)) }),
    });
    show();
    const details = await section('Business details');
    fireEvent.change(await details.findByLabelText('Business name'), { target: { value: '  Corner Coffee & Co  ' } });
    fireEvent.change(details.getByLabelText('Phone'), { target: { value: '' } });
    fireEvent.click(details.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Details saved', {}, SLOW)).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'PATCH', '/api/account')).toEqual([{ businessName: 'Corner Coffee & Co', phone: null }]);
    // the form shows the saved answer (trimmed), not what was typed
    await waitFor(() => expect(details.getByLabelText('Business name')).toHaveValue('Corner Coffee & Co'));
    expect(details.getByLabelText('Phone')).toHaveValue('');
  });

  it('checks the business name before sending, and shows the server’s field messages', async () => {
    const fetchMock = serve({
      'PATCH /api/account': () =>
        jsonResponse({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'Phone must be at most 40 characters', errors: { phone: ['Phone must be at most 40 characters'] } }, 400, 'Bad Request'),
    });
    show();
    const details = await section('Business details');
    fireEvent.change(await details.findByLabelText('Business name'), { target: { value: 'x' } });
    fireEvent.click(details.getByRole('button', { name: 'Save Changes' }));
    expect(await details.findByText('Business name must be at least 2 characters')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'PATCH', '/api/account')).toEqual([]);

    fireEvent.change(details.getByLabelText('Business name'), { target: { value: 'Corner Coffee' } });
    fireEvent.change(details.getByLabelText('Phone'), { target: { value: '1'.repeat(40) } });
    fireEvent.click(details.getByRole('button', { name: 'Save Changes' }));
    expect(await details.findByText('Phone must be at most 40 characters', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('Your details were not saved')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'PATCH', '/api/account')).toHaveLength(1);
  });

  it('keeps a business type the bakery gave (Restaurant) on show, and offers the self-service ones', async () => {
    serve({ 'GET /api/account': () => jsonResponse({ ...ACCOUNT, businessType: 'restaurant' }) });
    show();
    const details = await section('Business details');
    expect(await details.findByText('Restaurant')).toBeInTheDocument();
  });

  it('changes the password: checks the fields first, clears them on success', async () => {
    const fetchMock = serve({
      'POST /api/account/password': () => jsonResponse({ message: 'Password changed. Your other sessions have been signed out.' }),
    });
    show();
    const password = await section('Password');
    const submit = password.getByRole('button', { name: 'Change Password' });
    fireEvent.click(submit);
    expect(await password.findByText('Current password is required')).toBeInTheDocument();
    expect(password.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(password.getByText('Please enter the new password again')).toBeInTheDocument();

    fireEvent.change(password.getByLabelText('Current password'), { target: { value: 'secret123' } });
    fireEvent.change(password.getByLabelText('New password'), { target: { value: 'fresh-password-1' } });
    fireEvent.change(password.getByLabelText('Confirm new password'), { target: { value: 'fresh-password-2' } });
    fireEvent.click(submit);
    expect(await password.findByText('The passwords do not match')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'POST', '/api/account/password')).toEqual([]);

    fireEvent.change(password.getByLabelText('Confirm new password'), { target: { value: 'fresh-password-1' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Password changed', {}, SLOW)).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'POST', '/api/account/password')).toEqual([{ currentPassword: 'secret123', newPassword: 'fresh-password-1' }]);
    await waitFor(() => expect(password.getByLabelText('Current password')).toHaveValue(''));
    expect(password.getByLabelText('New password')).toHaveValue('');
    expect(password.getByLabelText('Confirm new password')).toHaveValue('');
  });

  it('shows a wrong current password on its field, and keeps what was typed', async () => {
    serve({
      'POST /api/account/password': () =>
        jsonResponse(
          { statusCode: 400, code: 'VALIDATION_FAILED', message: 'Current password is incorrect', errors: { currentPassword: ['Current password is incorrect'] } },
          400,
          'Bad Request',
        ),
    });
    show();
    const password = await section('Password');
    fireEvent.change(password.getByLabelText('Current password'), { target: { value: 'not-it' } });
    fireEvent.change(password.getByLabelText('New password'), { target: { value: 'fresh-password-1' } });
    fireEvent.change(password.getByLabelText('Confirm new password'), { target: { value: 'fresh-password-1' } });
    fireEvent.click(password.getByRole('button', { name: 'Change Password' }));
    expect(await password.findByText('Current password is incorrect', {}, SLOW)).toBeInTheDocument();
    expect(password.getByLabelText('New password')).toHaveValue('fresh-password-1');
  });

  it('says when too many wrong passwords were tried (429), with the server’s wait', async () => {
    serve({
      'POST /api/account/password': () =>
        jsonResponse({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'Too many wrong passwords. Please try again in 15 minutes.' }, 429, 'Too Many Requests'),
    });
    show();
    const password = await section('Password');
    fireEvent.change(password.getByLabelText('Current password'), { target: { value: 'secret123' } });
    fireEvent.change(password.getByLabelText('New password'), { target: { value: 'fresh-password-1' } });
    fireEvent.change(password.getByLabelText('Confirm new password'), { target: { value: 'fresh-password-1' } });
    fireEvent.click(password.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password not changed', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Too many wrong passwords. Please try again in 15 minutes.')).toBeInTheDocument();
  });

  it('shows the three switches as saved, and each change PUTs that switch alone, with a toast', async () => {
    let saved = { ...DEFAULTS };
    const fetchMock = serve({
      'GET /api/account/notifications': () => jsonResponse(saved),
      'PUT /api/account/notifications': (init) => {
        saved = { ...saved, ...JSON.parse(String(init?.body)) };
        return jsonResponse(saved);
      },
    });
    show();
    const notifications = await section('Notifications');
    const reminders = await switchOf(notifications, 'Cut-off reminders');
    expect(await switchOf(notifications, 'Order updates')).toBeChecked();
    expect(await switchOf(notifications, 'Standing order previews')).toBeChecked();
    expect(reminders).not.toBeChecked();
    expect(reminders).toHaveAccessibleDescription('A reminder before the cut-off when you have no order for the next delivery.');

    fireEvent.click(reminders);
    expect(await screen.findByText('Email settings saved', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Cut-off reminders: on')).toBeInTheDocument();
    await waitFor(() => expect(reminders).toBeChecked());

    fireEvent.click(await switchOf(notifications, 'Order updates'));
    expect(await screen.findByText('Order updates: off', {}, SLOW)).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'PUT', '/api/account/notifications')).toEqual([{ cutoffReminders: true }, { orderUpdates: false }]);
    expect(await switchOf(notifications, 'Order updates')).not.toBeChecked();
  });

  it('leaves a switch as it was when saving it fails, and says so', async () => {
    serve({ 'PUT /api/account/notifications': () => jsonResponse({ statusCode: 503, message: 'Unavailable' }, 503, 'Service Unavailable') });
    show();
    const notifications = await section('Notifications');
    const previews = await switchOf(notifications, 'Standing order previews');
    fireEvent.click(previews);
    expect(await screen.findByText('Failed to save standing order previews', {}, SLOW)).toBeInTheDocument();
    expect(previews).toBeChecked();
  });
});
