import { failureCountsAgainstAddress, limitKeys, limitMessages, signInVerdict } from './attempt-limits';

describe('attempt limits', () => {
  it('accepts a correct password even when the address is over its limit', () => {
    expect(signInVerdict(true, false)).toBe('signed-in');
    expect(signInVerdict(true, true)).toBe('signed-in');
  });

  it('answers a failure 401 under the address limit and 429 over it, whether or not the email exists', () => {
    expect(signInVerdict(false, false)).toBe('invalid-credentials');
    expect(signInVerdict(false, true)).toBe('too-many-attempts');
  });

  it('counts only failures for emails without an account against the address', () => {
    expect(failureCountsAgainstAddress(false)).toBe(true);
    expect(failureCountsAgainstAddress(true)).toBe(false);
  });

  it('keeps each limit under keys of its own', () => {
    const keys = [
      limitKeys.signInPair('10.0.0.1', 'a@b.co'),
      limitKeys.signInAddress('10.0.0.1'),
      limitKeys.registration('10.0.0.1'),
      limitKeys.adminKey('10.0.0.1'),
      limitKeys.passwordResetAddress('10.0.0.1'),
      limitKeys.passwordResetEmail('a@b.co'),
    ];
    expect(keys).toEqual([
      'signin:10.0.0.1|a@b.co',
      'signin-ip:10.0.0.1',
      'register:10.0.0.1',
      'admin-key:10.0.0.1',
      'reset-ip:10.0.0.1',
      'reset-email:a@b.co',
    ]);
    expect(limitKeys.signInPair('10.0.0.1', 'a@b.co')).not.toBe(limitKeys.signInPair('10.0.0.2', 'a@b.co'));
  });

  it('tells how long to wait', () => {
    expect(limitMessages({ windowMinutes: 15 })).toEqual({
      signIn: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
      registration: 'Too many failed registration attempts. Please try again in 15 minutes.',
      adminKey: 'Too many wrong registration keys. Please try again in 15 minutes.',
    });
  });
});
