/**
 * jsdom (jest-environment-jsdom 29) with Node's fetch classes: react-router's data router builds
 * Request objects with an AbortSignal, so both must come from the same implementation (Node's).
 * And a faster getComputedStyle, same answers: see speedUpComputedStyle below.
 */
const path = require('path');

// before jsdom is loaded: its modules take the functions replaced here when they load
speedUpComputedStyle();

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

/**
 * Role queries ask getComputedStyle of every element they consider (is it hidden? its accessible
 * name), and jsdom's getComputedStyle matches every rule of every style sheet against the element:
 * with antd's CSS-in-JS that is about 2000 rules, and it was most of the time of the slow page
 * tests (a minute for the invoices page). Two things made it slower than it has to be; both are
 * changed here without changing any answer (the same rules, matched by the same engine, in the
 * same order, so what is hidden and every computed value stay as they were):
 *
 * 1. jsdom matches through one nwsapi instance per document, and nwsapi keeps compiled selectors in
 *    an LRU of 1000: walking 2000 rules in order evicts each selector before it comes round again,
 *    so every match compiled its selector anew. The selectors are spread over several instances by
 *    a hash of their text, each with few enough to keep them all compiled.
 * 2. `visibility` is inherited, and jsdom resolves it by matching every rule against the element
 *    and then against each ancestor up to the root (every rule, twenty-odd times, for each
 *    getComputedStyle call), to keep only the rules that set visibility. The same cascade is
 *    computed here matching only the rules that set the property.
 *
 * jsdom 20's internals are used (helpers/selectors.js, helpers/style-rules.js); if they are not as
 * expected (another jsdom), nothing is replaced and jsdom's own, slower, getComputedStyle is used.
 */
function speedUpComputedStyle() {
  let selectors, styleRules, idlUtils, nwsapi, cssom, defaultStyleSheet;
  try {
    const jsdomDir = path.dirname(require.resolve('jsdom/package.json', { paths: [path.dirname(require.resolve('jest-environment-jsdom'))] }));
    const fromJsdom = (request) => require(require.resolve(request, { paths: [jsdomDir] }));
    if (fromJsdom('jsdom/package.json').version !== '20.0.3') return;
    const helpers = path.join(jsdomDir, 'lib/jsdom/living/helpers');
    selectors = require(path.join(helpers, 'selectors.js'));
    idlUtils = require(path.join(jsdomDir, 'lib/jsdom/living/generated/utils.js'));
    nwsapi = fromJsdom('nwsapi');
    cssom = fromJsdom('cssom');
    defaultStyleSheet = require(path.join(jsdomDir, 'lib/jsdom/browser/default-stylesheet.js'));
    if (typeof selectors.matchesDontThrow !== 'function') return;
    // 1, before style-rules.js loads: it takes matchesDontThrow out of selectors.js when it loads
    const jsdomMatches = selectors.matchesDontThrow;
    const SHARDS = 16;
    const shardOf = (selector) => {
      let hash = 0;
      for (let i = 0; i < selector.length; i++) hash = (hash * 31 + selector.charCodeAt(i)) | 0;
      return (hash >>> 0) % SHARDS;
    };
    selectors.matchesDontThrow = (elImpl, selector) => {
      // rules without a selector (@font-face, @keyframes) go to jsdom's own instance, as before
      if (typeof selector !== 'string') return jsdomMatches(elImpl, selector);
      const document = elImpl._ownerDocument;
      const shards = document._nwsapiDontThrowShards ?? (document._nwsapiDontThrowShards = []);
      const index = shardOf(selector);
      let engine = shards[index];
      if (!engine) {
        engine = shards[index] = nwsapi({ document: idlUtils.wrapperForImpl(document), DOMException: elImpl._globalObject.DOMException });
        // as jsdom configures its own
        engine.configure({ LOGERRORS: false, VERBOSITY: false, IDS_DUPES: true, MIXEDCASE: true });
      }
      return engine.match(selector, idlUtils.wrapperForImpl(elImpl));
    };
    styleRules = require(path.join(helpers, 'style-rules.js'));
  } catch {
    return;
  }
  // 2, before Window.js loads: it takes getResolvedValue out of style-rules.js when it loads
  const { propertiesWithResolvedValueImplemented } = styleRules;
  if (typeof styleRules.getResolvedValue !== 'function' || !propertiesWithResolvedValueImplemented) return;
  const { forEach, indexOf } = Array.prototype;
  let parsedDefaultStyleSheet;

  // jsdom's forEachMatchingSheetRuleOfElement, the same sheets and rules in the same order, listing
  // the style rules that set `property` (whether they match is for the caller, per element)
  function rulesSetting(document, property) {
    const found = [];
    const consider = (rule) => {
      const value = rule.style ? rule.style.getPropertyValue(property) : '';
      if (value !== '') found.push({ rule, value });
    };
    const handleSheet = (sheet) => {
      forEach.call(sheet.cssRules, (rule) => {
        if (rule.media) {
          if (indexOf.call(rule.media, 'screen') !== -1) forEach.call(rule.cssRules, consider);
        } else {
          consider(rule);
        }
      });
    };
    if (!parsedDefaultStyleSheet) parsedDefaultStyleSheet = cssom.parse(defaultStyleSheet);
    handleSheet(parsedDefaultStyleSheet);
    forEach.call(document.styleSheets._list, handleSheet);
    return found;
  }

  // jsdom's getCascadedPropertyValue: the last matching rule that sets it, then the inline style
  function cascaded(element, property, candidates) {
    let value = '';
    for (const candidate of candidates) {
      if (selectors.matchesDontThrow(element, candidate.rule.selectorText)) value = candidate.value;
    }
    const inlineValue = element.style.getPropertyValue(property);
    if (inlineValue !== '' && inlineValue !== null) value = inlineValue;
    return value;
  }

  // jsdom's getSpecifiedValue and getComputedValue (all its implemented properties are "as-specified")
  function computed(element, property, candidates) {
    const { computedValue, initial, inherited } = propertiesWithResolvedValueImplemented[property];
    if (computedValue !== 'as-specified') throw new TypeError(`Internal error: unrecognized computed value instruction '${computedValue}'`);
    const value = cascaded(element, property, candidates);
    if (value !== '') return value;
    if (inherited && element.parentElement !== null) return computed(element.parentElement, property, candidates);
    return initial;
  }

  styleRules.getResolvedValue = (element, property) => computed(element, property, rulesSetting(element._ownerDocument, property));
}

module.exports = JsdomWithFetchEnvironment;
