/**
 * Money without floats: amounts are decimal strings on the wire and numeric(10,2) in Postgres,
 * integer cents in arithmetic. numeric(10,2) tops out at 9 999 999 999 cents, far inside
 * Number.MAX_SAFE_INTEGER, so a plain integer number is exact; rates use BigInt.
 */
export type Cents = number;

/** Any non-negative decimal string with at most 2 places ("0", "12.3", "0012.30") → cents. */
export function parseAmount(value: string): Cents {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) throw new RangeError(`not an amount: ${JSON.stringify(value)}`);
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amount too large: ${JSON.stringify(value)}`);
  return cents;
}

/** 450 → "4.50". */
export function formatCents(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** unit price × quantity in cents, exactly. */
export function lineTotalCents(unitPrice: string, quantity: number): Cents {
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`bad quantity: ${quantity}`);
  return parseAmount(unitPrice) * quantity;
}

/** unit price × quantity, exactly. */
export function lineTotal(unitPrice: string, quantity: number): string {
  return formatCents(lineTotalCents(unitPrice, quantity));
}

/** A rate such as "0.085" as an exact fraction. */
export function parseRate(rate: string): { numerator: bigint; denominator: bigint } {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(rate);
  if (!match) throw new RangeError(`not a rate: ${JSON.stringify(rate)}`);
  const decimals = match[2] ?? '';
  return { numerator: BigInt(match[1] + decimals), denominator: 10n ** BigInt(decimals.length) };
}

/** amount × rate, rounded half-up to whole cents (e.g. tax on a subtotal). */
export function applyRate(amount: Cents, rate: string): Cents {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`bad amount: ${amount}`);
  const { numerator, denominator } = parseRate(rate);
  // half-up for non-negative values: floor((2·a·n + d) / 2d)
  return Number((2n * BigInt(amount) * numerator + denominator) / (2n * denominator));
}

/** An order's (or a cart's) money in cents. */
export interface OrderTotalsCents {
  /** unit price × quantity of each line, in the lines' order */
  lineTotals: Cents[];
  subtotal: Cents;
  deliveryFee: Cents;
  tax: Cents;
  total: Cents;
}

/**
 * The order totals, the one implementation for the server (the order it writes) and the web app
 * (the cart's summary, sent back as expectedTotal): subtotal = Σ unit price × quantity; tax =
 * subtotal × tax rate, rounded half-up to cents; total = subtotal + delivery fee + tax.
 */
export function orderTotals(
  lines: readonly { unitPrice: string; quantity: number }[],
  pricing: { deliveryFee: string; taxRate: string },
): OrderTotalsCents {
  const lineTotals = lines.map((line) => lineTotalCents(line.unitPrice, line.quantity));
  const subtotal = lineTotals.reduce((sum, cents) => sum + cents, 0);
  const deliveryFee = parseAmount(pricing.deliveryFee);
  const tax = applyRate(subtotal, pricing.taxRate);
  return { lineTotals, subtotal, deliveryFee, tax, total: subtotal + deliveryFee + tax };
}
