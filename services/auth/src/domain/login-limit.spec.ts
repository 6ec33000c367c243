import { failureKeys, isLockedOut, lockoutMessage } from './login-limit';

const policy = { maxFailuresPerPair: 10, maxFailuresPerIp: 100, windowMinutes: 15 };

describe('login limit', () => {
  it('allows the first ten failures of a pair and refuses the eleventh attempt', () => {
    expect(isLockedOut(9, 9, policy)).toBe(false);
    expect(isLockedOut(10, 10, policy)).toBe(true);
  });

  it('refuses an address that failed too often across many emails', () => {
    expect(isLockedOut(0, 99, policy)).toBe(false);
    expect(isLockedOut(0, 100, policy)).toBe(true);
  });

  it('keys failures by address and email', () => {
    expect(failureKeys('10.0.0.1', 'a@b.co')).toEqual({ pair: 'pair:10.0.0.1|a@b.co', ip: 'ip:10.0.0.1' });
  });

  it('tells how long to wait', () => {
    expect(lockoutMessage(policy)).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
  });
});
