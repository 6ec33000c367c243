import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain('correct horse');
    await expect(verifyPassword(hash, 'correct horse')).resolves.toBe(true);
    await expect(verifyPassword(hash, 'wrong horse')).resolves.toBe(false);
  });

  it('answers false for an unknown account, after doing the same work', async () => {
    await expect(verifyPassword(undefined, 'anything')).resolves.toBe(false);
  });
});
