/**
 * jsdom (jest-environment-jsdom 29) with Node's fetch classes: react-router's data router builds
 * Request objects with an AbortSignal, so both must come from the same implementation (Node's).
 */
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['Request', 'Response', 'Headers', 'AbortController', 'AbortSignal', 'TextEncoder', 'TextDecoder', 'structuredClone']) {
      if (globalThis[name]) this.global[name] = globalThis[name];
    }
    // The browser's time zone (see setBrowserTimeZone in test-utils): a test's own process.env is a
    // copy, so only the real one, set out here, moves Date and Intl; put back when the file ends.
    this.originalTimeZone = process.env.TZ;
    this.global.__setProcessTimeZone = (timeZone) => setProcessTimeZone(timeZone ?? this.originalTimeZone);
  }

  async teardown() {
    setProcessTimeZone(this.originalTimeZone);
    await super.teardown();
  }
}

function setProcessTimeZone(timeZone) {
  if (timeZone === undefined) delete process.env.TZ;
  else process.env.TZ = timeZone;
}

module.exports = JsdomWithFetchEnvironment;
