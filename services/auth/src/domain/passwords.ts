import * as argon2 from 'argon2';

/**
 * argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane): strong, and cheap
 * enough that a 2-core machine can sign in hundreds of customers in a benchmark.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

/** A hash of a random password: verifying against it makes an unknown email cost the same as a wrong password. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword(`dummy-${Math.random()}`);
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
