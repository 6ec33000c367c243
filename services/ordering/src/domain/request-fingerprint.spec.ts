import { requestFingerprint } from './request-fingerprint';

describe('request fingerprint (an Idempotency-Key must keep asking for the same order)', () => {
  const base = { deliveryDate: '2026-03-11', deliveryTimeSlot: '6:00 AM - 8:00 AM', specialInstructions: 'Back door', expectedTotal: '66.75' };

  it('is the same for the same request, amounts compared by value and absent the same as null', () => {
    expect(requestFingerprint(base)).toBe(requestFingerprint({ ...base }));
    expect(requestFingerprint({ ...base, expectedTotal: '66.7' })).toBe(requestFingerprint({ ...base, expectedTotal: '66.70' }));
    const { expectedTotal: _omitted, ...withoutTotal } = base;
    expect(requestFingerprint(withoutTotal)).toBe(requestFingerprint({ ...base, expectedTotal: null }));
    expect(requestFingerprint(base)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs when any field differs', () => {
    const fingerprints = [
      base,
      { ...base, deliveryDate: '2026-03-12' },
      { ...base, deliveryDate: null },
      { ...base, deliveryTimeSlot: '8:00 AM - 10:00 AM' },
      { ...base, deliveryTimeSlot: null },
      { ...base, specialInstructions: 'Front door' },
      { ...base, specialInstructions: null },
      { ...base, expectedTotal: '555.00' },
      { ...base, expectedTotal: null },
    ].map(requestFingerprint);
    expect(new Set(fingerprints).size).toBe(fingerprints.length);
    // no field can spill into the next
    expect(requestFingerprint({ ...base, deliveryTimeSlot: null, specialInstructions: 'x' })).not.toBe(
      requestFingerprint({ ...base, deliveryTimeSlot: 'x', specialInstructions: null }),
    );
  });
});
