/**
 * The contracts' plain values: status lists, time slots, categories, business types, limits and
 * field messages, with no decorators and no imports. The web app imports this file (and money.ts)
 * straight from the sources, so it must stay free of class-validator and reflect-metadata;
 * users.ts, catalog.ts and ordering.ts re-export everything here, so server code is unchanged.
 */

// ---- ids -------------------------------------------------------------------------------------

/**
 * A uuid (any version, either case), written once: every id check (`isUuid`, the `IsUuid()`
 * decorator, object paths, the gateway's storage names) is built from it.
 */
export const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const UUID_PATTERN = new RegExp(`^${UUID_SOURCE}$`, 'i');

// ---- users -----------------------------------------------------------------------------------

/**
 * A cookie the page's script can read (not HttpOnly), holding no secret: "this browser has a
 * session". The gateway sets and clears it with the HttpOnly session cookie (with the same `__Host-`
 * prefix when Secure); without it the web app treats the visitor as signed out without asking
 * GET /api/auth/user, whose 401 the browser would log as an error. Its value is always "1".
 */
export const SESSION_HINT_COOKIE = 'bakery_signed_in';

/**
 * How much JSON one page of a list sent between services may carry, when its items' sizes depend
 * on what people typed (`pageBySize`, libs/platform): well under NATS's max_payload (1 MB by default).
 */
export const REPLY_PAGE_BYTES = 600_000;

export const ROLES = ['admin', 'customer'] as const;
export type Role = (typeof ROLES)[number];

/** Business types a customer can pick when registering; admins can also set restaurant and other. */
export const SELF_SERVICE_BUSINESS_TYPES = ['coffee_shop', 'bakery'] as const;
export const BUSINESS_TYPES = ['coffee_shop', 'bakery', 'restaurant', 'other'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** Spec section 5 messages, used by the server too. */
export const Messages = {
  email: 'Please enter a valid email',
  password: 'Password must be at least 6 characters',
  businessName: 'Business name must be at least 2 characters',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  registrationKey: 'Registration key is required',
  invalidCredentials: 'Invalid email or password',
  adminsOnly: 'This area is restricted to administrators only.',
  invalidRegistrationKey: 'Invalid registration key',
  adminRegistrationDisabled: 'Admin registration is disabled: no registration key is configured',
  emailTaken: 'An account with this email already exists',
  notSignedIn: 'You are not signed in',
  forbidden: 'You do not have access to this',
} as const;

/** The Account page's password change (issue 20): the server's messages, which the page shows too. */
export const PasswordChangeMessages = {
  currentRequired: 'Current password is required',
  wrongCurrent: 'Current password is incorrect',
  sameAsCurrent: 'New password must be different from the current one',
  changed: 'Password changed. Your other sessions have been signed out.',
  tooMany: (windowMinutes: number) => `Too many wrong passwords. Please try again in ${windowMinutes} minutes.`,
} as const;

// ---- catalogue -------------------------------------------------------------------------------

export const CATEGORIES = ['breads', 'pastries', 'bagels'] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * approved: a normal product (every admin-created one). pending_review: a customer submission
 * waiting for an admin. rejected: a submission the admin turned down. Only approved and active
 * products are live (listed for customers, reservable).
 */
export const REVIEW_STATUSES = ['approved', 'pending_review', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const ALERT_TYPES = ['low_stock', 'out_of_stock'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** numeric(10,2): at most 8 digits before the point. */
export const MAX_PRICE = '99999999.99';
/** A price on the wire: digits, optionally a point and one or two digits ("4.50", "4.5", "12"). */
export const PRICE_PATTERN = /^\d+(\.\d{1,2})?$/;
/** What PUT /api/products/images answers and a product's imageUrl holds; group 1 is the upload's id. */
export const OBJECT_PATH_PATTERN = new RegExp(`^/objects/uploads/(${UUID_SOURCE})$`, 'i');
/** Spec section 9: quantity per line (customer submission quantity too). */
export const MAX_LINE_QUANTITY = 500;
/** Keeps stock and thresholds far from the integer column's limit. */
export const MAX_STOCK = 1_000_000;
/** The most units one batch (a mix, a dough) of a product makes. */
export const BATCH_SIZE_MAX = 10_000;
/** Name a customer submission carries until an admin names it. */
export const SUBMISSION_PLACEHOLDER_NAME = 'Customer submission';

/** Field messages; the first four are spec section 5's. */
export const CatalogMessages = {
  photoRequired: 'Product photo is required',
  priceRequired: 'Price is required',
  quantityMin: 'Quantity must be at least 1',
  quantityMax: `Quantity cannot exceed ${MAX_LINE_QUANTITY}`,
  quantityWhole: 'Quantity must be a whole number',
  priceFormat: 'Price must be a number with at most 2 decimal places',
  pricePositive: 'Price must be greater than 0',
  priceMax: `Price must be at most ${MAX_PRICE}`,
  nameRequired: 'Name is required',
  nameLength: 'Name must be at most 200 characters',
  nameText: 'Name must be text',
  descriptionLength: 'Description must be at most 2000 characters',
  category: `Category must be one of ${CATEGORIES.join(', ')}`,
  categoryToApprove: 'Category is required to approve a submission',
  stockWhole: 'Stock must be a whole number',
  stockMin: 'Stock cannot be negative',
  stockMax: `Stock must be at most ${MAX_STOCK}`,
  imageUrl: 'Product photo must be an uploaded image path (/objects/uploads/<id>)',
  supplierLength: 'Supplier must be at most 200 characters',
  batchSize: `Batch size must be a whole number from 1 to ${BATCH_SIZE_MAX}, or null`,
  isActive: 'isActive must be true or false',
  reviewStatus: 'reviewStatus must be approved or rejected',
  productNotFound: 'Product not found',
  notEnoughStock: 'Not enough stock',
  productUnavailable: 'Product is not available',
  reservationDiffers: 'This order already has a reservation with different lines',
} as const;

/** The problem with a price, or null when it is fine. Expects the string form (see PriceField). */
export function priceProblem(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return CatalogMessages.priceRequired;
  if (typeof value !== 'string' || !PRICE_PATTERN.test(value)) return CatalogMessages.priceFormat;
  const [whole, fraction = ''] = value.split('.');
  if (whole.replace(/^0+/, '').length > 8) return CatalogMessages.priceMax;
  if (/^0*$/.test(whole + fraction)) return CatalogMessages.pricePositive;
  return null;
}

export interface CountMessages {
  required: string;
  whole: string;
  min: string;
  max: string;
}

/** The problem with a whole-number field, or null: one message per field, the most relevant one. */
export function countProblem(value: unknown, min: number, max: number, messages: CountMessages): string | null {
  if (value === undefined || value === null || value === '') return messages.required;
  if (typeof value !== 'number' || !Number.isInteger(value)) return messages.whole;
  if (value < min) return messages.min;
  if (value > max) return messages.max;
  return null;
}

// ---- ordering --------------------------------------------------------------------------------

export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'in_preparation',
  'ready_for_delivery',
  'in_transit',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

// Which status may follow which, and who may set it: ORDER_STATUS_TRANSITIONS in ./order-status.

export const DELIVERY_TIME_SLOTS = ['6:00 AM - 8:00 AM', '8:00 AM - 10:00 AM', '10:00 AM - 12:00 PM'] as const;
export type DeliveryTimeSlot = (typeof DELIVERY_TIME_SLOTS)[number];

export const DEFAULT_PRICING = { deliveryFee: '12.50', taxRate: '0.085' } as const;

export const CART_LINE_MIN = 1;
export const CART_LINE_MAX = 500;
export const SPECIAL_INSTRUCTIONS_MAX = 1000;

export const OrderingMessages = {
  cartEmpty: 'Your cart is empty',
  quantityMin: 'Quantity must be at least 1',
  quantityMax: 'Quantity cannot exceed 500',
  quantityWhole: 'Quantity must be a whole number',
  quantityOverStock: 'Only {stock} left in stock',
  productId: 'productId must be a product id',
  productUnavailable: 'This product is not available',
  cartLineNotFound: 'Cart item not found',
  orderNotFound: 'Order not found',
  deliveryDateFormat: 'Delivery date must be a date (YYYY-MM-DD)',
  deliveryDatePast: 'Delivery date cannot be before today',
  deliveryTimeSlot: `Delivery time slot must be one of ${DELIVERY_TIME_SLOTS.join(', ')}`,
  specialInstructions: `Special instructions must be at most ${SPECIAL_INSTRUCTIONS_MAX} characters`,
  status: `Status must be one of ${ORDER_STATUSES.join(', ')}`,
  finalStatus: 'This order is {status} and can no longer change',
  notPending: 'Only pending orders can be cancelled',
  statusChangeRefused: 'An order cannot go from {from} to {to}',
  customerOnlyCancels: 'Customers can only cancel an order',
  deliveryFee: 'Delivery fee must be an amount from 0 to 9999.99 with at most 2 decimal places',
  taxRate: 'Tax rate must be a decimal from 0 to 1 with at most 6 decimal places (0.085 is 8.5%)',
  idempotencyKey: 'Idempotency-Key must be 1 to 100 letters, digits, - or _',
} as const;

/** The longest search of the customer directory (GET /api/customers' `q`; the web app's search box). */
export const CUSTOMER_SEARCH_MAX = 100;
