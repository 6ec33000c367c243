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
  }
}

module.exports = JsdomWithFetchEnvironment;
