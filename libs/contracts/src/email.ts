import { domainToASCII, domainToUnicode } from 'node:url';

/**
 * The one canonical form of an email address, used by registration and sign-in alike, so that an
 * address that looks like another one is either the same account or refused, never a second one.
 *
 * - trimmed;
 * - no control, format (zero-width, bidirectional), private-use, unassigned or default-ignorable
 *   character anywhere: refused, not silently dropped (IDNA mapping would drop some of them);
 * - local part: the conservative ASCII syntax of RFC 5321 (atext and single dots, at most 64),
 *   as typed (before any normalisation), then in lower case; anything else (Cyrillic or fullwidth
 *   look-alikes, the Kelvin sign, accented letters) is refused;
 * - domain: Unicode NFC, then mapped by UTS-46 (`domainToASCII`: lower case, fullwidth letters and the Kelvin sign
 *   become ASCII) and stored in its ASCII form (punycode for internationalised labels); a label
 *   that mixes Latin, Cyrillic and Greek letters is refused.
 *
 * No decorators and no class-validator here; the `NormalizeEmail` decorator wraps it. (It uses
 * `node:url`, so the browser app does not import it.)
 */
export function normalizeEmail(raw: string): string | null {
  if (typeof raw !== 'string' || raw.length > EMAIL_INPUT_MAX) return null;
  const email = raw.trim();
  if (FORBIDDEN_CHARACTER.test(email)) return null;
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return null;
  // The local part is checked as typed: NFC would turn the Kelvin sign into K, for one.
  const local = email.slice(0, at);
  const domain = asciiDomain(email.slice(at + 1).normalize('NFC'));
  if (!domain || !LOCAL_PART.test(local) || local.length > 64) return null;
  const normalized = `${local.toLowerCase()}@${domain}`;
  return normalized.length <= 254 ? normalized : null;
}

/** Longer input is refused before any work: no address is this long. */
const EMAIL_INPUT_MAX = 1000;

/**
 * Control (Cc), format (Cf: zero-width, bidi controls, soft hyphen), private use, surrogates,
 * unassigned, line/paragraph separators, default-ignorable code points (variation selectors...)
 * and any whitespace inside the address.
 */
const FORBIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\s]/u;

/** RFC 5321 Dot-string: atext runs separated by single dots (no quoted local parts). */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

/** A DNS label in ASCII: letters, digits, hyphens, not at either end, 1 to 63 long. */
const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];

function asciiDomain(domain: string): string | null {
  const ascii = domainToASCII(domain);
  if (!ascii || ascii.length > 253) return null;
  const labels = ascii.split('.');
  if (!labels.every((label) => LDH_LABEL.test(label))) return null;
  // Look-alikes: each label, as the user sees it, must stay within one of Latin, Cyrillic, Greek.
  for (const label of domainToUnicode(ascii).split('.')) {
    if (SCRIPTS.filter((script) => script.test(label)).length > 1) return null;
  }
  return ascii;
}
