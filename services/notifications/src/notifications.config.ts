import { DEFAULT_MAIL_DIR, DEFAULT_MAIL_FROM, normalizeEmail } from '@bakery/contracts';
import { ConfigOf, envVar } from '@bakery/platform';

/** An optional URL with one of `protocols`; '' (unset) is undefined. */
function optionalUrl(protocols: string[]) {
  return (raw: string): string | undefined => {
    if (raw === '') return undefined;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new Error('expected a URL');
    }
    if (!protocols.includes(url.protocol.replace(/:$/, ''))) throw new Error(`expected a ${protocols.join(' or ')} URL`);
    return raw;
  };
}

/** Email of the notifications service (issue 20). */
export const notificationsConfigSpec = {
  smtpUrl: envVar.parsed(
    'SMTP_URL',
    'SMTP server mail is sent through, e.g. smtp://127.0.0.1:2525 or smtps://user:pass@host:465; unset: mail is written as .eml files under MAIL_DIR',
    '',
    optionalUrl(['smtp', 'smtps']),
  ),
  mailFrom: envVar.string('MAIL_FROM', 'sender of every email', DEFAULT_MAIL_FROM),
  mailDir: envVar.string('MAIL_DIR', 'folder the .eml files are written to when SMTP_URL is unset (relative to the working directory unless absolute)', DEFAULT_MAIL_DIR),
  publicUrl: envVar.parsed(
    'PUBLIC_URL',
    'base URL of the web app that every link in an email starts with; unset: http://localhost:<PORT>',
    '',
    optionalUrl(['http', 'https']),
  ),
  /** only for PUBLIC_URL's default: `npm start` gives every process the gateway's port */
  port: envVar.int('PORT', 'HTTP port of the gateway, for the default PUBLIC_URL', 3000, 0, 65535),
  adminOrderEmail: envVar.parsed('ADMIN_ORDER_EMAIL', 'address that gets an email for every new order; unset: none', '', (raw) => {
    if (raw === '') return undefined;
    const email = normalizeEmail(raw);
    if (!email) throw new Error('expected an email address');
    return email;
  }),
  cutoffReminderMinutes: envVar.int(
    'CUTOFF_REMINDER_MINUTES',
    'how long before the next cut-off customers who asked for reminders are emailed when they have no order for that delivery',
    180,
    1,
    7 * 24 * 60,
  ),
  cutoffReminderIntervalSeconds: envVar.int('CUTOFF_REMINDER_INTERVAL_SECONDS', 'how often each notifications instance looks for cut-off reminders to send', 60, 1, 3600),
  mailMaxAttempts: envVar.int('MAIL_MAX_ATTEMPTS', 'attempts to send one email before it is marked failed', 20, 1, 1000),
  mailRetryBaseMs: envVar.int('MAIL_RETRY_BASE_MS', 'wait before the second attempt to send an email; doubled after each failure', 1000, 10, 3_600_000),
  mailRetryMaxMs: envVar.int('MAIL_RETRY_MAX_MS', 'longest wait between two attempts to send an email', 600_000, 10, 86_400_000),
};

export type NotificationsConfig = Omit<ConfigOf<typeof notificationsConfigSpec>, 'publicUrl' | 'port'> & {
  /** without a trailing slash */
  publicUrl: string;
};

export function notificationsConfig(values: ConfigOf<typeof notificationsConfigSpec>): NotificationsConfig {
  const { publicUrl, port, ...rest } = values;
  return { ...rest, publicUrl: (publicUrl ?? `http://localhost:${port}`).replace(/\/+$/, '') };
}

export const NOTIFICATIONS_CONFIG = Symbol('NOTIFICATIONS_CONFIG');
