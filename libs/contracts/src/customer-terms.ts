/**
 * Customer terms (issue 19): price lists, minimum order, free delivery above a threshold, accounts
 * on hold. These plain functions are the ONLY place a customer's price, minimum, delivery fee or
 * hold is decided: ordering (cart, checkout, changes, standing orders), the gateway (the
 * catalogue) and the web app (the cart's hints) all call them. Free of decorators, so the web app
 * may import it (the message classes are in ./price-lists).
 */
import { type Cents, formatCents, orderTotals, type OrderTotalsCents, parseAmount } from './money';
import { MAX_PRICE } from './constants';

// ---- limits ----------------------------------------------------------------------------------

export const PRICE_LIST_LIMITS = {
  nameMax: 100,
  /** percentage of the default price: "90" is 10% off, "110" is 10% more */
  percentageMin: 1,
  percentageMax: 500,
  /**
   * Fixed prices in one list. A list is written whole in one body, and the gateway refuses a body
   * of more than 256 keys and elements before validation (MAX_JSON_ENTRIES): 80 lines of
   * { productId, price } and the list's own fields fit under it.
   */
  fixedPricesMax: 80,
} as const;

export const HOLD_REASON_MAX = 500;

/** A percentage on the wire: 1 to 3 digits, at most 2 decimals ("90", "92.5", "110.25"). */
export const PERCENTAGE_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;
/** An amount of the terms (minimum, fee, threshold): what numeric(10,2) holds, at most 2 decimals. */
export const TERMS_AMOUNT_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;

export const CustomerTermsMessages = {
  onHold: 'Your account is on hold. Please contact the bakery.',
  percentage: `Percentage must be a number from ${PRICE_LIST_LIMITS.percentageMin} to ${PRICE_LIST_LIMITS.percentageMax} with at most 2 decimal places, as a string (e.g. "90")`,
  name: `Name must be 1 to ${PRICE_LIST_LIMITS.nameMax} characters`,
  nameTaken: 'A price list with this name already exists',
  fixedPrices: `fixedPrices must be a list of at most ${PRICE_LIST_LIMITS.fixedPricesMax} { productId, price }`,
  duplicateProduct: 'Each product may have one fixed price',
  priceListNotFound: 'Price list not found',
  priceListInUse: 'This price list is assigned to customers: move them to another list first',
  priceListUnknown: 'priceListId must be the id of a price list, or null',
  amount: (field: string) => `${field} must be an amount from 0 to 99999999.99 with at most 2 decimal places, as a string, or null for the bakery's default`,
  onHoldFlag: 'onHold must be true or false',
  holdReason: `Hold reason must be 1 to ${HOLD_REASON_MAX} characters, or null`,
  holdReasonRequired: 'A reason is required to put an account on hold',
  customerNotFound: 'Customer not found',
} as const;

// ---- shapes ----------------------------------------------------------------------------------

export interface FixedPrice {
  productId: string;
  /** decimal string, e.g. "3.95" */
  price: string;
}

/** What pricing needs of a price list: its adjustment and its fixed prices. */
export interface PriceListRule {
  id: string;
  /** "90" = 90% of the default price */
  percentage: string;
  fixedPrices: FixedPrice[];
}

/**
 * A customer's own terms as the admin sets them (GET/PUT /api/customers/:id/terms): money as
 * decimal strings, null for "use the bakery's default" (no list: the default prices).
 */
export interface CustomerTerms {
  priceListId: string | null;
  minimumOrder: string | null;
  deliveryFee: string | null;
  freeDeliveryThreshold: string | null;
  onHold: boolean;
  /** shown to admins only */
  holdReason: string | null;
}

/** The bakery's own terms (ordering's pricing settings): no minimum and no threshold unless set. */
export interface BakeryTerms {
  deliveryFee: string;
  minimumOrder: string | null;
  freeDeliveryThreshold: string | null;
}

/** The terms that apply to one customer: their overrides, else the bakery's. */
export interface EffectiveTerms {
  minimumOrder: string | null;
  deliveryFee: string;
  freeDeliveryThreshold: string | null;
}

// ---- prices --------------------------------------------------------------------------------

/** Why a percentage is refused, or null when it is one ("1" to "500", at most 2 decimals). */
export function percentageProblem(value: unknown): string | null {
  if (typeof value !== 'string' || !PERCENTAGE_PATTERN.test(value)) return CustomerTermsMessages.percentage;
  const hundredths = parseAmount(value);
  if (hundredths < PRICE_LIST_LIMITS.percentageMin * 100 || hundredths > PRICE_LIST_LIMITS.percentageMax * 100) return CustomerTermsMessages.percentage;
  return null;
}

/** "92.5" → "92.50": the form a percentage is stored and answered in. */
export function canonicalPercentage(value: string): string {
  return formatCents(parseAmount(value));
}

const MAX_PRICE_CENTS = parseAmount(MAX_PRICE);

/**
 * The default price adjusted by a percentage, rounded half-up to the cent, exactly (integer
 * hundredths of a percent: price × p / 10,000): "4.50" at "90" is "4.05", "0.05" at "110" is
 * "0.06" (5.5 cents, half-up). Never above the largest price a column holds.
 */
export function adjustedPrice(defaultPrice: string, percentage: string): string {
  const cents = BigInt(parseAmount(defaultPrice));
  const hundredthsOfPercent = BigInt(parseAmount(percentage)); // "92.5" → 9250
  // half-up for non-negative values: floor((2·a·p + d) / 2d), d = 100% in hundredths = 10,000
  const adjusted = Number((2n * cents * hundredthsOfPercent + 10_000n) / 20_000n);
  return formatCents(Math.min(adjusted, MAX_PRICE_CENTS));
}

/** The customer's price of one product: the list's fixed price if it has one, else the adjusted default. */
export function customerPrice(productId: string, defaultPrice: string, list: PriceListRule | null): string {
  return priceResolver(list)(productId, defaultPrice);
}

/**
 * customerPrice for many products of one list (a catalogue, a cart): the fixed prices looked up
 * by id once. Without a list, the default price itself (as given).
 */
export function priceResolver(list: PriceListRule | null): (productId: string, defaultPrice: string) => string {
  if (!list) return (_productId, defaultPrice) => defaultPrice;
  const fixed = new Map(list.fixedPrices.map((f) => [f.productId.toLowerCase(), formatCents(parseAmount(f.price))]));
  const percentage = list.percentage;
  const hundred = parseAmount(percentage) === 10_000;
  return (productId, defaultPrice) => fixed.get(productId.toLowerCase()) ?? (hundred ? defaultPrice : adjustedPrice(defaultPrice, percentage));
}

// ---- minimum, delivery fee, hold -------------------------------------------------------------

/** Each of the customer's overrides, else the bakery's value. */
export function effectiveTerms(
  bakery: BakeryTerms,
  overrides: Pick<CustomerTerms, 'minimumOrder' | 'deliveryFee' | 'freeDeliveryThreshold'> | null,
): EffectiveTerms {
  return {
    minimumOrder: overrides?.minimumOrder ?? bakery.minimumOrder,
    deliveryFee: overrides?.deliveryFee ?? bakery.deliveryFee,
    freeDeliveryThreshold: overrides?.freeDeliveryThreshold ?? bakery.freeDeliveryThreshold,
  };
}

/**
 * How much the subtotal (after the customer's prices, before delivery and tax) falls short of
 * the minimum order: 0 when it meets it (exactly at the minimum passes) or there is none.
 */
export function minimumOrderShortfall(subtotal: Cents, minimumOrder: string | null): Cents {
  if (minimumOrder === null) return 0;
  return Math.max(0, parseAmount(minimumOrder) - subtotal);
}

/** The 400's words when the subtotal is below the minimum: it names the minimum and what is missing. */
export function belowMinimumMessage(minimumOrder: string, shortfall: Cents): string {
  return `The minimum order is $${formatCents(parseAmount(minimumOrder))}: add $${formatCents(shortfall)} more to place this order`;
}

/** The delivery fee for this subtotal: waived once it reaches the free-delivery threshold (exactly at it included). */
export function deliveryFeeFor(subtotal: Cents, terms: Pick<EffectiveTerms, 'deliveryFee' | 'freeDeliveryThreshold'>): Cents {
  if (terms.freeDeliveryThreshold !== null && subtotal >= parseAmount(terms.freeDeliveryThreshold)) return 0;
  return parseAmount(terms.deliveryFee);
}

/** How much more would make delivery free: null without a threshold, 0 once it is reached. */
export function freeDeliveryShortfall(subtotal: Cents, freeDeliveryThreshold: string | null): Cents | null {
  if (freeDeliveryThreshold === null) return null;
  return Math.max(0, parseAmount(freeDeliveryThreshold) - subtotal);
}

/** Why this customer may not place or change an order now (null: they may). */
export function holdRefusal(terms: { onHold: boolean } | null): string | null {
  return terms?.onHold ? CustomerTermsMessages.onHold : null;
}

/**
 * The order totals under the customer's terms: `orderTotals` (./money) with the delivery fee
 * this subtotal pays (waived at the threshold). Lines carry the customer's prices already.
 */
export function termsTotals(
  lines: readonly { unitPrice: string; quantity: number }[],
  pricing: { taxRate: string } & Pick<EffectiveTerms, 'deliveryFee' | 'freeDeliveryThreshold'>,
): OrderTotalsCents {
  const subtotal = orderTotals(lines, { deliveryFee: '0', taxRate: '0' }).subtotal;
  return orderTotals(lines, { deliveryFee: formatCents(deliveryFeeFor(subtotal, pricing)), taxRate: pricing.taxRate });
}

/** What the cart tells the customer: how much more reaches the minimum, and free delivery (null: nothing to reach). */
export function cartHints(subtotal: Cents, terms: EffectiveTerms): { toMinimum: string | null; toFreeDelivery: string | null } {
  const toMinimum = minimumOrderShortfall(subtotal, terms.minimumOrder);
  const toFree = freeDeliveryShortfall(subtotal, terms.freeDeliveryThreshold);
  return {
    toMinimum: toMinimum > 0 ? formatCents(toMinimum) : null,
    toFreeDelivery: toFree !== null && toFree > 0 ? formatCents(toFree) : null,
  };
}
