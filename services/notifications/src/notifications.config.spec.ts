import { ConfigError, loadConfig } from '@bakery/platform';
import { notificationsConfig, notificationsConfigSpec } from './notifications.config';

const load = (env: Record<string, string>) => notificationsConfig(loadConfig(notificationsConfigSpec, env));

describe('notifications configuration', () => {
  it('writes .eml files under data/mail and links to the gateway on this machine by default', () => {
    const config = load({});
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailDir).toBe('data/mail');
    expect(config.mailFrom).toBe('Bakery <orders@bakery.local>');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.adminOrderEmail).toBeUndefined();
    expect(load({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('takes the settings given, PUBLIC_URL without its trailing slash and the admin email in canonical form', () => {
    const config = load({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PUBLIC_URL: 'https://shop.example.com/',
      ADMIN_ORDER_EMAIL: ' Orders@Example.COM ',
      MAIL_RETRY_BASE_MS: '50',
    });
    expect(config.smtpUrl).toBe('smtp://127.0.0.1:2525');
    expect(config.publicUrl).toBe('https://shop.example.com');
    expect(config.adminOrderEmail).toBe('orders@example.com');
    expect(config.mailRetryBaseMs).toBe(50);
  });

  it('refuses a bad value by name', () => {
    expect(() => load({ SMTP_URL: 'http://mail.example.com' })).toThrow(ConfigError);
    expect(() => load({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
    expect(() => load({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
    expect(() => load({ ADMIN_ORDER_EMAIL: 'nobody' })).toThrow(/ADMIN_ORDER_EMAIL/);
    expect(() => load({ MAIL_MAX_ATTEMPTS: '0' })).toThrow(/MAIL_MAX_ATTEMPTS/);
  });
});
