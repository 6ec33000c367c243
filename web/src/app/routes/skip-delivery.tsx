import { Alert, Button, Spin } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import type { SkipLinkDelivery } from '@contracts/standing-previews';
import { FocusedMessage, PasswordPageFrame } from '@/features/auth/components/password-page-frame';
import { useSkipDelivery, useSkipLink } from '@/features/standing-orders/api/skip-links';
import { isApiError } from '@/lib/api-client';
import './skip-delivery.css';

export const SkipLinkTexts = {
  invalid: 'This skip link is not valid. Open your standing orders to skip a delivery.',
  failed: 'The delivery could not be skipped. Please try again in a moment.',
  loadFailed: 'This link could not be checked. Please try again in a moment.',
} as const;

/** "Thursday, December 3, 2026" (a calendar date: no time zone). */
function longDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** The cut-off as the reader's clock shows it, with its zone. */
function instant(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(iso));
}

/** A refusal the server words (400 unknown, 409 used or closed, 429), or null for a failure to retry. */
function refusal(err: unknown): string | null {
  if (isApiError(err, 400) || isApiError(err, 409) || isApiError(err, 429)) return err.serverMessage ?? SkipLinkTexts.invalid;
  return null;
}

function Ways() {
  return (
    <div className="password-page-links">
      <Link to="/standing-orders">Open my standing orders</Link>
      <Link to="/">Go to sign in</Link>
    </div>
  );
}

function Delivery({ delivery }: { delivery: SkipLinkDelivery }) {
  return (
    <div className="skip-delivery-summary">
      <p className="skip-delivery-when">
        <strong>{delivery.standingOrderName}</strong> on <strong>{longDate(delivery.deliveryDate)}</strong>
        {delivery.deliveryTimeSlot ? `, ${delivery.deliveryTimeSlot}` : ''}
      </p>
      <ul className="skip-delivery-lines">
        {delivery.lines.map((line) => (
          <li key={line.productId}>
            <span className="skip-delivery-name" title={line.name}>
              {line.name}
            </span>{' '}
            x {line.quantity}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * /skip-delivery?token=... (issue 20), public: the page a standing-order preview's "Skip this
 * delivery" link opens. Opening it changes nothing (mail scanners open links); one click on the
 * button skips the delivery. A used, unknown or closed link says so in the server's words.
 */
export function SkipDeliveryPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useSkipLink(token);
  const skip = useSkipDelivery(token);
  const delivery = check.data;

  let body;
  if (!token) {
    body = <Alert type="error" showIcon role="alert" title={SkipLinkTexts.invalid} />;
  } else if (check.isPending) {
    body = (
      <div className="skip-delivery-loading" role="status">
        <Spin /> <span>Checking the link...</span>
      </div>
    );
  } else if (check.isError) {
    const refused = refusal(check.error);
    body = refused ? (
      <FocusedMessage>
        <Alert type={isApiError(check.error, 409) ? 'info' : 'error'} showIcon role="alert" title={refused} />
        <Ways />
      </FocusedMessage>
    ) : (
      <FocusedMessage>
        <Alert type="error" showIcon role="alert" title={SkipLinkTexts.loadFailed} />
        <Button onClick={() => void check.refetch()}>Retry</Button>
      </FocusedMessage>
    );
  } else if (delivery?.skipped) {
    body = (
      <FocusedMessage className="skip-delivery-done">
        <Alert type="success" showIcon role="status" title={delivery.message ?? 'This delivery is skipped.'} />
        <Delivery delivery={delivery} />
        <Ways />
      </FocusedMessage>
    );
  } else if (delivery) {
    const problem = skip.isError ? (refusal(skip.error) ?? SkipLinkTexts.failed) : null;
    body = (
      <>
        <Delivery delivery={delivery} />
        <p className="skip-delivery-cutoff">You can skip it until the cut-off, {instant(delivery.cutoffAt)}. Nothing will be ordered or charged for it.</p>
        {problem && <Alert type="error" showIcon role="alert" title={problem} className="password-page-problem" />}
        <Button type="primary" size="large" block danger disabled={skip.isPending} onClick={() => skip.mutate()}>
          {skip.isPending ? 'Skipping...' : 'Skip this delivery'}
        </Button>
        <Ways />
      </>
    );
  }

  return (
    <PasswordPageFrame title="Skip a delivery" subtitle="A delivery of your standing order">
      {body}
    </PasswordPageFrame>
  );
}

export default SkipDeliveryPage;
