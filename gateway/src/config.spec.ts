import { loadConfig } from '@bakery/platform';
import { gatewayConfig } from './config';

describe('gateway config: BODY_LIMIT', () => {
  it('is read as bytes, 100kb by default', () => {
    expect(loadConfig(gatewayConfig, {}).bodyLimit).toBe(100 * 1024);
    expect(loadConfig(gatewayConfig, { BODY_LIMIT: '1mb' }).bodyLimit).toBe(1024 * 1024);
    expect(loadConfig(gatewayConfig, { BODY_LIMIT: '2048' }).bodyLimit).toBe(2048);
  });

  it('refuses to start on a size it cannot read (rather than accept bodies of any size)', () => {
    expect(() => loadConfig(gatewayConfig, { BODY_LIMIT: 'lots' })).toThrow(/BODY_LIMIT.*expected a size such as 100kb/);
    expect(() => loadConfig(gatewayConfig, { BODY_LIMIT: '0kb' })).toThrow(/BODY_LIMIT/);
  });
});
