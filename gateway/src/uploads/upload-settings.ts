import { ConfigError } from '@bakery/platform';
import * as path from 'node:path';
import type { GatewayConfig } from '../config';
import { uploadSigningKey } from './upload-signature';

export type StorageSettings =
  | { driver: 'local'; dir: string }
  | {
      driver: 's3';
      endpoint: string;
      bucket: string;
      region: string;
      /** unset: the AWS SDK's default credential chain (e.g. an instance role) */
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

export interface UploadSettings {
  storage: StorageSettings;
  urlTtlSeconds: number;
  maxBytes: number;
  /** decoded width x height beyond which a photo is refused (sharp's limitInputPixels) */
  maxPixels: number;
  /** how often the sweeper deletes expired uploads that were never registered */
  sweepIntervalSeconds: number;
  signingKey: Buffer;
}

export const UPLOAD_SETTINGS = Symbol('UPLOAD_SETTINGS');

const SIGNING_SECRET_MIN = 32;

/**
 * The upload settings from the gateway's config, with the checks one variable alone cannot make
 * (the s3 driver needs its endpoint and bucket, ...). Problems are reported together, by name.
 */
export function uploadSettings(config: GatewayConfig): UploadSettings {
  const problems: string[] = [];
  const signingSecret = config.uploadSigningSecret;
  if (signingSecret !== undefined && signingSecret.length < SIGNING_SECRET_MIN) {
    problems.push(`UPLOAD_SIGNING_SECRET is invalid: expected at least ${SIGNING_SECRET_MIN} characters`);
  }
  const storage = storageSettings(config, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    storage: storage!,
    urlTtlSeconds: config.uploadUrlTtlSeconds,
    maxBytes: config.uploadMaxBytes,
    maxPixels: config.uploadMaxPixels,
    sweepIntervalSeconds: config.uploadSweepIntervalSeconds,
    signingKey: uploadSigningKey(signingSecret ?? config.jwtSecret),
  };
}

function storageSettings(config: GatewayConfig, problems: string[]): StorageSettings | undefined {
  if (config.objectStorageDriver === 'local') {
    return { driver: 'local', dir: path.resolve(process.cwd(), config.objectStorageDir) };
  }
  const need = (value: string | undefined, name: string) => {
    if (value === undefined) problems.push(`${name} is required when OBJECT_STORAGE_DRIVER=s3`);
    return value ?? '';
  };
  const endpoint = need(config.s3Endpoint, 'S3_ENDPOINT');
  const bucket = need(config.s3Bucket, 'S3_BUCKET');
  if (config.s3Endpoint !== undefined && !isHttpUrl(config.s3Endpoint)) {
    problems.push(`S3_ENDPOINT=${JSON.stringify(config.s3Endpoint)} is invalid: expected an http or https URL`);
  }
  if (config.s3Bucket !== undefined && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(config.s3Bucket)) {
    problems.push(`S3_BUCKET=${JSON.stringify(config.s3Bucket)} is invalid: expected an S3 bucket name (3 to 63 lower-case letters, digits, dots and hyphens)`);
  }
  const { s3AccessKeyId: accessKeyId, s3SecretAccessKey: secretAccessKey } = config;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    problems.push(
      accessKeyId === undefined
        ? 'S3_ACCESS_KEY_ID is required when S3_SECRET_ACCESS_KEY is set'
        : 'S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set',
    );
  }
  return {
    driver: 's3',
    endpoint,
    bucket,
    region: config.s3Region,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
