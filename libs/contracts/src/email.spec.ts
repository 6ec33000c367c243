import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { normalizeEmail } from './email';
import { CreateCustomerDto, LoginDto, Messages, RegisterDto } from './users';

describe('normalizeEmail', () => {
  it('keeps ordinary addresses as before: trimmed and in lower case', () => {
    expect(normalizeEmail('  Ada.Baker@Example.COM ')).toBe('ada.baker@example.com');
    expect(normalizeEmail("o'brien+orders_1@corner-coffee.example.test")).toBe("o'brien+orders_1@corner-coffee.example.test");
  });

  it('maps the domain by UTS-46: fullwidth letters and the Kelvin sign become ASCII', () => {
    expect(normalizeEmail('ada@ｅｘａｍｐｌｅ.com')).toBe('ada@example.com');
    expect(normalizeEmail('ada@\u212Aelvin.example')).toBe('ada@kelvin.example');
  });

  it('stores internationalised domains in their ASCII form, the same for NFC and NFD input', () => {
    const nfc = 'ada@b\u00fccher.example';
    const nfd = 'ada@bu\u0308cher.example';
    expect(normalizeEmail(nfc)).toBe('ada@xn--bcher-kva.example');
    expect(normalizeEmail(nfd)).toBe('ada@xn--bcher-kva.example');
    expect(normalizeEmail('ada@XN--BCHER-KVA.example')).toBe('ada@xn--bcher-kva.example');
  });

  it('refuses a local part outside the conservative ASCII syntax (look-alikes, Kelvin sign, fullwidth)', () => {
    expect(normalizeEmail('\u0430dmin@example.com')).toBeNull(); // Cyrillic a
    expect(normalizeEmail('\u212Aate@example.com')).toBeNull(); // Kelvin sign: would lower-case to k
    expect(normalizeEmail('\uff41dmin@example.com')).toBeNull(); // fullwidth a
    expect(normalizeEmail('j\u00f6rg@example.com')).toBeNull();
    expect(normalizeEmail('"quoted"@example.com')).toBeNull();
    expect(normalizeEmail('a..b@example.com')).toBeNull();
    expect(normalizeEmail('.ab@example.com')).toBeNull();
    expect(normalizeEmail(`${'a'.repeat(65)}@example.com`)).toBeNull();
  });

  it('refuses invisible, control and bidirectional characters anywhere, rather than dropping them', () => {
    for (const c of ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u202e', '\u2067', '\u200f', '\ufe0f', '\u0000', '\u0007', '\u2028']) {
      expect(normalizeEmail(`ad${c}min@example.com`)).toBeNull();
      expect(normalizeEmail(`admin@exa${c}mple.com`)).toBeNull();
    }
    expect(normalizeEmail('ad min@example.com')).toBeNull();
  });

  it('refuses domain labels that mix Latin with Cyrillic or Greek, typed or as punycode', () => {
    expect(normalizeEmail('ada@ex\u0430mple.com')).toBeNull();
    expect(normalizeEmail('ada@xn--exmple-4nf.com')).toBeNull();
    expect(normalizeEmail('ada@\u03bfmicron-latin.com')).toBeNull();
    // a label wholly in one script is a domain of its own, and allowed
    expect(normalizeEmail('ada@\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444')).toBe('ada@xn--e1afmkfd.xn--p1ai');
  });

  it('is idempotent, so auth can apply it again to what the gateway sends', () => {
    for (const raw of [' Ada@Example.COM', 'ada@b\u00fccher.example', 'ada@\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444', 'ada@ｅｘａｍｐｌｅ.com']) {
      const once = normalizeEmail(raw)!;
      expect(normalizeEmail(once)).toBe(once);
    }
  });

  it('refuses malformed domains and addresses', () => {
    for (const bad of ['no-at-sign', '@example.com', 'ada@', 'ada@exa_mple.com', 'ada@example..com', 'ada@-example.com', 'ada@[1.2.3.4]', 'a@b@example.com', 'x'.repeat(1001)]) {
      expect(normalizeEmail(bad)).toBeNull();
    }
  });
});

describe('DTOs normalise emails the same way for sign-in and registration', () => {
  function emailErrors(cls: new () => object, email: unknown) {
    const dto = plainToInstance(cls, { email, password: 'secret123' });
    const errors = validateSync(dto, { stopAtFirstError: true }).filter((e) => e.property === 'email');
    return { email: (dto as { email?: unknown }).email, messages: errors.flatMap((e) => Object.values(e.constraints ?? {})) };
  }

  it.each([LoginDto, RegisterDto, CreateCustomerDto])('%p: canonical form, or the usual email message', (cls) => {
    expect(emailErrors(cls, ' Ada@ＥＸＡＭＰＬＥ.com ')).toEqual({ email: 'ada@example.com', messages: [] });
    expect(emailErrors(cls, '\u212Aate@example.com').messages).toEqual([Messages.email]);
    expect(emailErrors(cls, 'ada\u200b@example.com').messages).toEqual([Messages.email]);
    expect(emailErrors(cls, 42).messages).toEqual([Messages.email]);
    expect(emailErrors(cls, 'ada@\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444')).toEqual({ email: 'ada@xn--e1afmkfd.xn--p1ai', messages: [] });
  });
});
