import { formatCents, parseAmount, priceProblem, type Cents } from '@bakery/contracts';

/** "4.5" → 450. Throws on anything priceProblem refuses (callers validate first). */
export function parsePrice(value: string): Cents {
  const problem = priceProblem(value);
  if (problem) throw new RangeError(`${problem}: ${JSON.stringify(value)}`);
  return parseAmount(value);
}

/** The canonical form of a valid price: "4.5" → "4.50", "007" → "7.00". */
export function normalizePrice(value: string): string {
  return formatCents(parsePrice(value));
}
