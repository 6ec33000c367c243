import { ConfigError, envVar, loadConfig, serviceConfig } from './config';

describe('loadConfig', () => {
  it('uses the defaults when nothing is set', () => {
    expect(loadConfig(serviceConfig, {})).toEqual({
      natsUrl: 'nats://127.0.0.1:4222',
      namespace: 'bakery',
      logLevel: 'info',
      rpcTimeoutMs: 5000,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
      eventRetentionDays: 7,
      eventMaxDeliveries: 20,
      eventPruneIntervalSeconds: 600,
      eventStreamReplicas: 1,
    });
  });

  it('reads values from the environment', () => {
    const config = loadConfig(serviceConfig, {
      NATS_URL: 'nats://nats:4222',
      BAKERY_NAMESPACE: 'shop_two',
      RPC_TIMEOUT_MS: '750',
      DATABASE_URL: 'postgresql://u:p@db:5433/x',
    });
    expect(config).toMatchObject({ natsUrl: 'nats://nats:4222', namespace: 'shop_two', rpcTimeoutMs: 750 });
  });

  it('reports every bad value at once, naming each variable and what it expected', () => {
    let error: unknown;
    try {
      loadConfig(serviceConfig, {
        NATS_URL: 'http://nats:4222',
        BAKERY_NAMESPACE: 'Bad-Name',
        LOG_LEVEL: 'loud',
        RPC_TIMEOUT_MS: '5s',
        DATABASE_URL: 'not a url',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'NATS_URL="http://nats:4222" is invalid: expected a nats or tls URL',
      expect.stringMatching(/^BAKERY_NAMESPACE="Bad-Name" is invalid: expected lower-case letters/),
      'LOG_LEVEL="loud" is invalid: expected one of fatal, error, warn, info, debug, trace, silent',
      'RPC_TIMEOUT_MS="5s" is invalid: expected a whole number',
      'DATABASE_URL="not a url" is invalid: expected a URL',
    ]);
    expect((error as Error).message).toMatch(/^Invalid configuration:\n {2}- NATS_URL=/);
  });

  it('checks number ranges', () => {
    const spec = { port: envVar.int('PORT', 'port', 3000, 1, 65535) };
    expect(() => loadConfig(spec, { PORT: '70000' })).toThrow('PORT="70000" is invalid: expected a number from 1 to 65535');
  });

  it('names a required variable that is missing', () => {
    const spec = { secret: envVar.string('JWT_SECRET', 'signs session tokens') };
    expect(() => loadConfig(spec, {})).toThrow('JWT_SECRET is required (signs session tokens)');
  });

  it('treats an optional variable that is empty as absent', () => {
    const spec = { key: envVar.optional('ADMIN_REGISTRATION_KEY', 'admin key') };
    expect(loadConfig(spec, { ADMIN_REGISTRATION_KEY: '' })).toEqual({ key: undefined });
    expect(loadConfig(spec, { ADMIN_REGISTRATION_KEY: 'k' })).toEqual({ key: 'k' });
  });
});
