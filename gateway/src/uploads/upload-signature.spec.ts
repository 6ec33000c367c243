import { checkUploadUrl, signUpload, uploadSigningKey } from './upload-signature';

const ID = '3f2b8c1e-9a4d-4e6f-8b7a-0c1d2e3f4a5b';
const OTHER_ID = '3f2b8c1e-9a4d-4e6f-8b7a-0c1d2e3f4a5c';
const NOW = 1_800_000_000;
const key = uploadSigningKey('a-secret-of-at-least-thirty-two-characters');

describe('upload URL signatures', () => {
  const expires = NOW + 900;
  const signature = signUpload(ID, expires, key);

  it('signs with hex HMAC-SHA256, the same way every time', () => {
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(signUpload(ID, expires, key)).toBe(signature);
  });

  it('accepts its own signature before the expiry', () => {
    expect(checkUploadUrl(ID, String(expires), signature, key, NOW)).toBe('valid');
    expect(checkUploadUrl(ID, String(expires), signature.toUpperCase(), key, NOW)).toBe('valid');
  });

  it('says expired from the expiry second on', () => {
    expect(checkUploadUrl(ID, String(expires), signature, key, expires - 1)).toBe('valid');
    expect(checkUploadUrl(ID, String(expires), signature, key, expires)).toBe('expired');
  });

  it('refuses a URL whose expiry, id or signature was changed', () => {
    expect(checkUploadUrl(ID, String(expires + 3600), signature, key, NOW)).toBe('invalid');
    expect(checkUploadUrl(OTHER_ID, String(expires), signature, key, NOW)).toBe('invalid');
    const flipped = (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1);
    expect(checkUploadUrl(ID, String(expires), flipped, key, NOW)).toBe('invalid');
  });

  it('refuses a signature made with another key (another JWT_SECRET or UPLOAD_SIGNING_SECRET)', () => {
    const otherKey = uploadSigningKey('another-secret-of-at-least-thirty-two-chars');
    expect(checkUploadUrl(ID, String(expires), signUpload(ID, expires, otherKey), key, NOW)).toBe('invalid');
  });

  it.each([
    ['missing expires', undefined, signature],
    ['missing signature', String(expires), undefined],
    ['repeated expires', [String(expires), String(expires)], signature],
    ['a non-numeric expiry', 'soon', signature],
    ['a negative expiry', `-${expires}`, signature],
    ['a short signature', String(expires), signature.slice(0, 32)],
    ['a non-hex signature', String(expires), 'z'.repeat(64)],
  ])('refuses %s', (_what, exp, sig) => {
    expect(checkUploadUrl(ID, exp, sig, key, NOW)).toBe('invalid');
  });

  it('derives a key that is not the secret itself', () => {
    expect(uploadSigningKey('s'.repeat(32)).equals(Buffer.from('s'.repeat(32)))).toBe(false);
    expect(uploadSigningKey('s'.repeat(32))).toHaveLength(32);
  });
});
