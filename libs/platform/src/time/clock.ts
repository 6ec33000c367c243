import { readFileSync } from 'node:fs';
import { envVar } from '../config/config';

/**
 * What time it is, for rules that depend on it (cut-offs). Production reads the system clock;
 * tests move time by writing an ISO instant to the file BAKERY_TEST_CLOCK_FILE names, which every
 * process of a stack reads on each call (so all instances agree at once, without sleeping). An
 * empty or missing file is the system clock. Refused when NODE_ENV=production.
 */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('CLOCK');

export const systemClock: Clock = { now: () => new Date() };

export const testClockFileVar = envVar.optional(
  'BAKERY_TEST_CLOCK_FILE',
  'tests only (refused in production): a file holding an ISO instant that ordering takes as "now"; empty or missing means the system clock',
);

/** A clock whose time is whatever `path` says (an ISO instant), the system clock when it says nothing. */
export function fileClock(path: string): Clock {
  return {
    now() {
      let text = '';
      try {
        text = readFileSync(path, 'utf8').trim();
      } catch {
        return new Date();
      }
      if (text === '') return new Date();
      const at = new Date(text);
      if (Number.isNaN(at.getTime())) throw new Error(`${path} does not hold an ISO instant: ${JSON.stringify(text)}`);
      return at;
    },
  };
}

export function clockFor(testClockFile: string | undefined, env: NodeJS.ProcessEnv = process.env): Clock {
  if (!testClockFile) return systemClock;
  if (env.NODE_ENV === 'production') throw new Error('BAKERY_TEST_CLOCK_FILE cannot be set in production');
  return fileClock(testClockFile);
}
