import { ConfigError, loadConfig } from '@bakery/platform';
import * as path from 'node:path';
import { gatewayConfig } from '../config';
import { uploadSettings } from './upload-settings';

const settingsFrom = (env: Record<string, string>) => uploadSettings(loadConfig(gatewayConfig, env));

function problemsOf(env: Record<string, string>): string[] {
  try {
    settingsFrom(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

const S3 = {
  OBJECT_STORAGE_DRIVER: 's3',
  S3_ENDPOINT: 'http://minio:9000',
  S3_BUCKET: 'bakery',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('upload settings', () => {
  it('defaults to the local driver in ./data/objects under the working directory, 15 minutes, 10 MB', () => {
    const settings = settingsFrom({});
    expect(settings.storage).toEqual({ driver: 'local', dir: path.resolve(process.cwd(), 'data/objects') });
    expect(settings.urlTtlSeconds).toBe(900);
    expect(settings.maxBytes).toBe(10 * 1024 * 1024);
  });

  it('keeps an absolute OBJECT_STORAGE_DIR as it is', () => {
    expect(settingsFrom({ OBJECT_STORAGE_DIR: '/srv/objects' }).storage).toEqual({ driver: 'local', dir: '/srv/objects' });
  });

  it('reads the s3 driver with its defaults', () => {
    expect(settingsFrom(S3).storage).toEqual({
      driver: 's3',
      endpoint: 'http://minio:9000',
      bucket: 'bakery',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    const { S3_ACCESS_KEY_ID: _k, S3_SECRET_ACCESS_KEY: _s, ...withoutKeys } = S3;
    expect(settingsFrom({ ...withoutKeys, S3_REGION: 'eu-west-1' }).storage).toMatchObject({ region: 'eu-west-1', credentials: undefined });
  });

  it('names every variable the s3 driver misses', () => {
    expect(problemsOf({ OBJECT_STORAGE_DRIVER: 's3' })).toEqual([
      'S3_ENDPOINT is required when OBJECT_STORAGE_DRIVER=s3',
      'S3_BUCKET is required when OBJECT_STORAGE_DRIVER=s3',
    ]);
    expect(problemsOf({ ...S3, S3_SECRET_ACCESS_KEY: '' })).toEqual(['S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set']);
    expect(problemsOf({ ...S3, S3_ACCESS_KEY_ID: '' })).toEqual(['S3_ACCESS_KEY_ID is required when S3_SECRET_ACCESS_KEY is set']);
  });

  it('refuses a bad endpoint or bucket name, by name', () => {
    expect(problemsOf({ ...S3, S3_ENDPOINT: 'minio:9000' })).toEqual([expect.stringMatching(/^S3_ENDPOINT="minio:9000" is invalid/)]);
    expect(problemsOf({ ...S3, S3_BUCKET: 'Bakery_Photos' })).toEqual([expect.stringMatching(/^S3_BUCKET="Bakery_Photos" is invalid/)]);
  });

  it('refuses bad values of the single variables, by name', () => {
    expect(() => settingsFrom({ OBJECT_STORAGE_DRIVER: 'ftp' })).toThrow(/OBJECT_STORAGE_DRIVER="ftp" is invalid: expected one of local, s3/);
    expect(() => settingsFrom({ UPLOAD_MAX_BYTES: '10MB' })).toThrow(/UPLOAD_MAX_BYTES="10MB" is invalid/);
    expect(() => settingsFrom({ UPLOAD_URL_TTL_SECONDS: '0' })).toThrow(/UPLOAD_URL_TTL_SECONDS="0" is invalid/);
    expect(problemsOf({ UPLOAD_SIGNING_SECRET: 'short' })).toEqual(['UPLOAD_SIGNING_SECRET is invalid: expected at least 32 characters']);
  });

  it('signs with UPLOAD_SIGNING_SECRET when set, otherwise with a key derived from JWT_SECRET', () => {
    const jwt = { JWT_SECRET: 'j'.repeat(32) };
    const fromJwt = settingsFrom(jwt).signingKey;
    const own = settingsFrom({ ...jwt, UPLOAD_SIGNING_SECRET: 'u'.repeat(32) }).signingKey;
    expect(fromJwt.equals(own)).toBe(false);
    expect(settingsFrom({ JWT_SECRET: 'k'.repeat(32) }).signingKey.equals(fromJwt)).toBe(false);
  });
});
