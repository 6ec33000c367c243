import { DEAD_LETTERS_PAGE_MAX } from '@bakery/contracts';
import { arrayOf, integer, type JsonSchema, ref, string } from './json-schema';

/**
 * What the controllers' metadata cannot say about each route, in one table (the controllers stay
 * as they are): what it is for, what its success answers, and the errors particular to it. The
 * rest of every operation is generated: path, method, parameters and request body from the
 * controllers and the contracts' classes, the access level from @Public/@SignedIn/@AdminOnly/
 * @CustomerOnly, and the errors every route of its kind answers (openapi-document.ts).
 *
 * Keyed like the route table of gateway/test/route-access.int.spec.ts: a route the gateway serves
 * without an entry here is documented with a bare answer and fails gateway/test/openapi.int.spec.ts.
 */
export interface OperationDoc {
  summary: string;
  description?: string;
  /** the success answer's JSON; null: no body */
  answer: JsonSchema | null;
  /** the success status when the handler writes its own answer (otherwise Nest's: 201 for POST, @HttpCode) */
  status?: number;
  /** other bodies the success status may carry instead of JSON, by media type */
  files?: Record<string, string>;
  /** headers of the success answer */
  headers?: (keyof typeof HEADERS)[];
  /** statuses particular to this route, and when */
  errors?: Record<number, string>;
  /** query parameters the handler reads one by one (@Query('name')) rather than as a class */
  query?: Record<string, { schema: JsonSchema; description: string }>;
}

export const HEADERS = {
  Link: { description: 'the next page’s full URL, `<...>; rel="next"`; absent on the last page', schema: string() },
  'X-Total-Count': { description: 'how many match in all (the first page only, when counted within the budget)', schema: integer({ minimum: 0 }) },
  'Content-Disposition': { description: 'attachment; filename="…" (PDF and CSV answers)', schema: string() },
  ETag: { description: 'a matching If-None-Match is answered 304 without a body', schema: string() },
  Location: { description: 'where to go', schema: string() },
} as const;

const PDF = 'application/pdf';
const CSV = 'text/csv';
const paper = { schema: { type: 'string', enum: ['a4', 'letter'] }, description: 'paper size of the PDF (any case; A4 when absent)' };

const CONFLICT_STATUS = 'the order’s status does not allow it';
const ON_HOLD = 'the customer’s account is on hold';

export const OPERATIONS: Record<string, OperationDoc> = {
  // ---- health ------------------------------------------------------------------------------------
  'GET /api/health': {
    summary: 'Whether every service answers',
    description: 'Admins also see each service’s dead letters. 503 with the same body when a service does not answer.',
    answer: ref('GatewayHealth'),
    errors: { 503: 'a service did not answer (the body is a GatewayHealth, status "degraded")' },
  },
  'GET /api/health/:service': {
    summary: 'One service’s health (admins: its instance and a page of its dead letters)',
    answer: ref('ServiceHealth'),
    errors: { 404: 'not a service', 503: 'the service did not answer' },
    query: {
      offset: { schema: integer({ minimum: 0, default: 0 }), description: 'admins: first dead letter of the page (newest first)' },
      limit: { schema: integer({ minimum: 1, maximum: DEAD_LETTERS_PAGE_MAX }), description: 'admins: dead letters per page' },
    },
  },

  // ---- auth --------------------------------------------------------------------------------------
  'POST /api/auth/register': {
    summary: 'Create a customer account and sign it in',
    description: 'Sets the session cookie.',
    answer: ref('User'),
    errors: { 409: 'an account with this email exists', 429: 'too many registrations from this address' },
  },
  'POST /api/auth/login': {
    summary: 'Sign in',
    description: 'Sets the session cookie.',
    answer: ref('SignedIn'),
    errors: { 401: 'wrong email or password', 429: 'too many failed sign-ins for this address or account' },
  },
  'POST /api/auth/admin-login': {
    summary: 'Sign in as an administrator',
    description: 'Like sign-in; a valid account that is not an administrator gets 403 and no session.',
    answer: ref('SignedIn'),
    errors: { 401: 'wrong email or password', 429: 'too many failed sign-ins' },
  },
  'POST /api/auth/admin-register': {
    summary: 'Create an administrator with the registration key (does not sign in)',
    answer: ref('User'),
    errors: { 409: 'an account with this email exists', 429: 'too many wrong keys from this address' },
  },
  'POST /api/auth/logout': {
    summary: 'Sign out: ends the session on the server and clears the cookie',
    answer: ref('SignedOut'),
  },
  'POST /api/auth/forgot-password': {
    summary: 'Ask for a password reset link by email',
    description: 'The same answer whatever the email: a link is mailed only to an account.',
    answer: ref('ForgotPasswordAnswer'),
    errors: { 429: 'too many requests from this address' },
  },
  'POST /api/auth/reset-password': {
    summary: 'Set a new password with a reset link’s token',
    description: 'Every session of the account ends. 400 for a bad, used or expired token.',
    answer: ref('ResetPasswordAnswer'),
  },
  'GET /api/auth/user': { summary: 'The signed-in user', answer: ref('User') },
  'GET /api/login': {
    summary: 'The sign-in page (a redirect to /)',
    answer: null,
    status: 302,
    headers: ['Location'],
  },

  // ---- the customer's own account (issue 20) -------------------------------------------------------
  'GET /api/account': { summary: 'The signed-in customer’s own account', answer: ref('CustomerAccount') },
  'PATCH /api/account': {
    summary: 'Change the signed-in customer’s business details',
    description: 'Names, business name and type (coffee_shop or bakery), phone and address; a field left out stays, null clears it.',
    answer: ref('CustomerAccount'),
  },
  'POST /api/account/password': {
    summary: 'Change the signed-in customer’s password',
    description: 'Needs the current password (400 with a field message when wrong). Every other session of the account ends; this one stays signed in.',
    answer: ref('PasswordChanged'),
    errors: { 429: 'too many wrong current passwords for this account' },
  },
  'GET /api/account/notifications': { summary: 'Which optional emails the signed-in customer gets', answer: ref('MailPreferences') },
  'PUT /api/account/notifications': {
    summary: 'Turn optional emails on or off',
    description: 'Any of the three; those left out keep their value. Answers the whole set.',
    answer: ref('MailPreferences'),
  },

  // ---- customers (admin) -------------------------------------------------------------------------
  'GET /api/customers': {
    summary: 'A page of customers, newest first, searched by business name, name or email',
    answer: arrayOf(ref('CustomerAccount')),
    headers: ['Link', 'X-Total-Count'],
  },
  'POST /api/customers': {
    summary: 'Create a customer account',
    answer: ref('CustomerAccount'),
    errors: { 409: 'an account with this email exists' },
  },
  'GET /api/customers/:id': { summary: 'A customer', answer: ref('CustomerAccount') },
  'PATCH /api/customers/:id': { summary: 'Change a customer’s profile or drop position', answer: ref('CustomerAccount') },
  'GET /api/customers/:id/terms': { summary: 'A customer’s terms: price list, minimum order, delivery fee, hold', answer: ref('CustomerTerms') },
  'PUT /api/customers/:id/terms': {
    summary: 'Set a customer’s terms (the fields given; null: the bakery’s default)',
    answer: ref('CustomerTerms'),
  },
  'GET /api/customers/:id/terms/audit': {
    summary: 'The changes to a customer’s terms, newest first',
    answer: arrayOf(ref('CustomerTermsAuditEntry')),
    headers: ['Link'],
  },

  // ---- price lists (admin) -----------------------------------------------------------------------
  'GET /api/admin/price-lists': {
    summary: 'A page of price lists, newest first',
    answer: arrayOf(ref('PriceList')),
    headers: ['Link', 'X-Total-Count'],
  },
  'POST /api/admin/price-lists': { summary: 'Create a price list', answer: ref('PriceList'), errors: { 409: 'too many lists, or a product named twice' } },
  'GET /api/admin/price-lists/:id': { summary: 'A price list', answer: ref('PriceList') },
  'PUT /api/admin/price-lists/:id': { summary: 'Replace a price list (name, percentage, every fixed price)', answer: ref('PriceList') },
  'DELETE /api/admin/price-lists/:id': {
    summary: 'Delete a price list no customer is on',
    answer: null,
    errors: { 409: 'customers are on the list' },
  },
  'GET /api/admin/price-lists/:id/customers': {
    summary: 'The customers on a price list, newest first',
    answer: arrayOf(ref('PriceListCustomer')),
    headers: ['Link'],
  },

  // ---- products ----------------------------------------------------------------------------------
  'GET /api/products': {
    summary: 'The catalogue: every product (admins) or the live products at the caller’s prices (customers)',
    answer: { anyOf: [arrayOf(ref('Product')), arrayOf(ref('CustomerProduct'))] },
    headers: ['ETag'],
    errors: { 304: 'If-None-Match matched: the catalogue has not changed' },
  },
  'GET /api/products/:id': {
    summary: 'A product (customers: a live one, at their price)',
    answer: { anyOf: [ref('Product'), ref('CustomerProduct')] },
  },
  'POST /api/products': { summary: 'Create a product', answer: ref('Product') },
  'POST /api/products/customer': {
    summary: 'Submit a product of the customer’s own for an administrator’s review',
    answer: ref('Product'),
    errors: { 409: 'too many submissions waiting for review', 429: 'too many submissions this hour' },
  },
  'PATCH /api/products/:id': {
    summary: 'Edit, restock, or approve/reject a submission',
    answer: ref('Product'),
  },
  'PATCH /api/products/:id/toggle-active': { summary: 'Switch a product active or inactive', answer: ref('Product') },
  'DELETE /api/products/:id': { summary: 'Delete a product', answer: ref('DeleteProductResponse') },
  'GET /api/admin/inventory/low-stock': {
    summary: 'Products at or below their low-stock threshold, lowest first',
    answer: arrayOf(ref('Product')),
  },

  // ---- notifications (admin) ---------------------------------------------------------------------
  'GET /api/admin/notifications/count': { summary: 'New orders not yet seen', answer: ref('NotificationCount') },
  'POST /api/admin/notifications/mark-read': { summary: 'Mark every new order seen', answer: ref('NotificationCount') },
  'GET /api/admin/mail': {
    summary: 'Mail sent or not sent, newest first (`status=failed`: what could not be delivered)',
    answer: arrayOf(ref('MailRecord')),
    headers: ['Link', 'X-Total-Count'],
  },

  // ---- cart (customer) ---------------------------------------------------------------------------
  'GET /api/cart': { summary: 'The cart', answer: arrayOf(ref('CartLine')) },
  'GET /api/cart/count': { summary: 'How many lines the cart holds', answer: ref('CartCount') },
  'POST /api/cart': {
    summary: 'Add a product to the cart (merged with its line if there is one)',
    answer: ref('CartLine'),
    errors: { 409: 'the product is not available, or not enough is in stock' },
  },
  'PUT /api/cart/:id': {
    summary: 'Change a cart line’s quantity',
    answer: ref('CartLine'),
    errors: { 409: 'not enough is in stock' },
  },
  'DELETE /api/cart/:id': { summary: 'Remove a cart line', answer: ref('RemovedCartLine') },

  // ---- pricing -----------------------------------------------------------------------------------
  'GET /api/config/pricing': {
    summary: 'Delivery fee, tax rate, minimum order and free-delivery threshold (customers: also their own terms)',
    answer: ref('PricingAnswer'),
  },
  'PUT /api/config/pricing': { summary: 'Set the bakery’s pricing', answer: ref('PricingSettings') },

  // ---- calendar and delivery schedule ------------------------------------------------------------
  'GET /api/calendar': { summary: 'The bakery’s calendar: time zone, today, how far ahead a delivery may be', answer: ref('BakeryCalendar') },
  'GET /api/delivery/calendar': {
    summary: 'Which delivery dates can be ordered, until when, and why not',
    answer: arrayOf(ref('CalendarDay')),
  },
  'GET /api/admin/delivery-schedule': { summary: 'The weekly delivery schedule', answer: ref('DeliverySchedule') },
  'PUT /api/admin/delivery-schedule': { summary: 'Replace the weekly delivery schedule', answer: ref('DeliverySchedule') },
  'GET /api/admin/closures': { summary: 'Closures that end today or later, soonest first', answer: arrayOf(ref('Closure')) },
  'POST /api/admin/closures': { summary: 'Add a closure', answer: ref('Closure'), errors: { 409: 'too many upcoming closures' } },
  'DELETE /api/admin/closures/:id': { summary: 'Remove a closure', answer: null },

  // ---- standing orders ---------------------------------------------------------------------------
  'POST /api/standing-orders': {
    summary: 'Create a standing order (admins: for a customer, `customerId`)',
    answer: ref('StandingOrder'),
    errors: { 409: 'too many standing orders' },
  },
  'GET /api/standing-orders': {
    summary: 'A page of standing orders, oldest first (customers: their own, always one page)',
    answer: arrayOf(ref('StandingOrder')),
    headers: ['Link'],
  },
  'GET /api/standing-orders/upcoming': {
    summary: 'Every delivery of the next weeks, by date, of a page of standing orders (paged as the list)',
    answer: arrayOf(ref('UpcomingDelivery')),
    headers: ['Link'],
  },
  'POST /api/standing-orders/skip-link/check': {
    summary: 'What a preview email’s skip link would skip (nothing changes)',
    description: 'Public: the token from the email is the permission. The same refusals as using the link.',
    answer: ref('SkipLinkDelivery'),
    status: 200,
    errors: { 409: 'the link was used, or orders for the delivery have closed', 429: 'too many requests from this address' },
  },
  'POST /api/standing-orders/skip-link': {
    summary: 'Skip the delivery of a preview email’s link',
    description: 'Public: the token from the email is the permission. Works once, until the delivery’s cut-off; 400 for an unknown token.',
    answer: ref('SkipLinkDelivery'),
    status: 200,
    errors: { 409: 'the link was used, or orders for the delivery have closed', 429: 'too many requests from this address' },
  },
  'GET /api/standing-orders/:id': { summary: 'A standing order', answer: ref('StandingOrder') },
  'PUT /api/standing-orders/:id': { summary: 'Replace a standing order', answer: ref('StandingOrder') },
  'DELETE /api/standing-orders/:id': { summary: 'Delete a standing order', answer: null },
  'POST /api/standing-orders/:id/pause': { summary: 'Pause a standing order (until a date, or until resumed)', answer: ref('StandingOrder') },
  'POST /api/standing-orders/:id/resume': { summary: 'Resume a paused standing order', answer: ref('StandingOrder') },
  'PUT /api/standing-orders/:id/deliveries/:date': {
    summary: 'Skip one delivery, or change its quantities, until its cut-off',
    answer: ref('UpcomingDelivery'),
    errors: { 409: 'the date’s cut-off has passed' },
  },

  // ---- production (admin) ------------------------------------------------------------------------
  'GET /api/admin/production/bake-list': {
    summary: 'What to bake for a delivery date, with batches and the changes since the last print',
    answer: ref('BakeList'),
    files: { [PDF]: 'format=pdf', [CSV]: 'format=csv' },
    headers: ['Content-Disposition'],
  },
  'GET /api/admin/production/bake-list/customers': {
    summary: 'A product’s customers on a delivery date',
    answer: arrayOf(ref('BakeListCustomer')),
    headers: ['X-Total-Count'],
  },
  'POST /api/admin/production/prints': {
    summary: 'Record the bake list as printed: the next one shows what changed since',
    answer: ref('ProductionPrint'),
  },
  'GET /api/admin/production/week': { summary: 'Units per product per day of a week', answer: ref('ProductionWeek') },
  'GET /api/admin/production/packing-slips': {
    summary: 'One packing slip per order of a delivery date (no prices)',
    answer: ref('PackingSlips'),
    files: { [PDF]: 'format=pdf' },
    headers: ['Content-Disposition'],
  },
  'GET /api/admin/production/run-sheet': {
    summary: 'The delivery run of a date: stops by slot, in drop order',
    answer: ref('RunSheet'),
    files: { [PDF]: 'format=pdf', [CSV]: 'format=csv' },
    headers: ['Content-Disposition'],
  },

  // ---- orders ------------------------------------------------------------------------------------
  'POST /api/orders': {
    summary: 'Place the cart as an order',
    description:
      'At most once however many requests place it at the same time. With `expectedTotal` (the total the customer saw) a different total is a 409 naming the changed prices in `details`, and nothing is written. A retry with the same `Idempotency-Key` answers the same order.',
    answer: ref('Order'),
    errors: {
      403: ON_HOLD,
      409: 'the cart changed, is being ordered, the total changed (`details`), or stock ran out',
      422: 'the Idempotency-Key was used for a different order',
    },
  },
  'GET /api/orders': {
    summary: 'A page of orders, newest first (customers: their own), filtered on the server',
    answer: arrayOf(ref('Order')),
    headers: ['Link', 'X-Total-Count'],
  },
  'GET /api/orders/:id': { summary: 'An order (someone else’s is a 404)', answer: ref('Order') },
  'PUT /api/orders/:id/status': {
    summary: 'Move an order to its next status',
    answer: ref('Order'),
    errors: { 409: CONFLICT_STATUS },
  },
  'POST /api/orders/:id/cancel': {
    summary: 'Cancel a pending order before its cut-off',
    answer: ref('Order'),
    errors: { 409: CONFLICT_STATUS },
  },
  'PATCH /api/orders/:id': {
    summary: 'Change an order’s lines, delivery date, slot or instructions',
    description: 'A customer changes their own pending order until its cut-off; an admin any order not delivered or cancelled.',
    answer: ref('Order'),
    errors: { 403: ON_HOLD, 409: 'past the cut-off, invoiced, or stock ran out' },
  },
  'POST /api/orders/:id/reorder': {
    summary: 'Order again: put the order’s products back in the cart',
    answer: ref('ReorderResult'),
    errors: { 409: 'the cart changed meanwhile' },
  },
  'POST /api/orders/:id/invoice': {
    summary: 'Issue the order’s invoice now',
    answer: ref('Invoice'),
    errors: { 409: 'the order has an invoice, or is cancelled' },
  },

  // ---- invoices ----------------------------------------------------------------------------------
  'GET /api/invoices': {
    summary: 'A page of invoices and credit notes, newest first (customers: their own)',
    answer: arrayOf(ref('Invoice')),
    headers: ['Link', 'X-Total-Count'],
  },
  'GET /api/invoices/:id': { summary: 'An invoice or credit note (someone else’s is a 404)', answer: ref('Invoice') },
  'GET /api/invoices/:id/pdf': {
    summary: 'An invoice as a PDF',
    answer: null,
    files: { [PDF]: 'the invoice' },
    headers: ['Content-Disposition'],
    query: { paper },
  },
  'PUT /api/invoices/:id/paid': { summary: 'Mark an invoice paid or unpaid', answer: ref('Invoice') },
  'GET /api/admin/bakery-details': { summary: 'The bakery’s name, address, tax id and payment instructions', answer: ref('BakeryDetails') },
  'PUT /api/admin/bakery-details': { summary: 'Set the bakery’s details (printed on every document)', answer: ref('BakeryDetails') },

  // ---- dashboard ---------------------------------------------------------------------------------
  'GET /api/dashboard/metrics': {
    summary: 'The dashboard’s figures: the business (admins) or the customer’s own',
    answer: ref('DashboardMetrics'),
  },

  // ---- uploads -----------------------------------------------------------------------------------
  'POST /api/objects/upload': {
    summary: 'Get a signed URL to upload a photo to',
    answer: ref('UploadUrl'),
    errors: { 429: 'too many uploads not registered yet, or this hour' },
  },
  'PUT /api/products/images': {
    summary: 'Register an uploaded photo (only its uploader may)',
    answer: ref('RegisteredImage'),
    errors: { 404: 'no upload at this URL', 409: 'the upload changed while being registered' },
  },
  'PUT /objects/upload/:id': {
    summary: 'Upload a photo’s bytes to a signed URL',
    description: 'No session: the signature in the URL (`expires`, `signature`) is the authorization. The body is the image itself (JPEG, PNG, WebP or GIF).',
    answer: null,
    errors: { 403: 'the signature is not valid or has expired', 409: 'the URL was used already', 413: 'the image is too large', 415: 'not an image' },
    query: {
      expires: { schema: string(), description: 'from the signed URL' },
      signature: { schema: string(), description: 'from the signed URL' },
    },
  },
  'GET /objects/uploads/:id': {
    summary: 'An uploaded image',
    answer: null,
    files: { 'image/*': 'the image' },
    headers: ['ETag'],
    errors: { 304: 'If-None-Match matched' },
  },
  'GET /objects/uploads/:id/thumbnail': {
    summary: 'An uploaded image made small for lists',
    description: 'At most 320 pixels wide (never enlarged), its aspect kept, as WebP; an animated image gives its first frame. 404 as for the image.',
    answer: null,
    files: { 'image/webp': 'the thumbnail' },
    headers: ['ETag'],
    errors: { 304: 'If-None-Match matched' },
  },

  // ---- this document -----------------------------------------------------------------------------
  'GET /api/openapi.json': {
    summary: 'This document (OpenAPI 3.1)',
    answer: { type: 'object', description: 'an OpenAPI 3.1 document' },
  },
  'GET /api/docs': {
    summary: 'The browsable reference of this document (Swagger UI)',
    answer: null,
    files: { 'text/html': 'the page' },
  },
  'GET /api/docs/:file': {
    summary: 'A file of the browsable reference (script, style sheet, icon)',
    answer: null,
    files: { 'application/javascript': 'a script', 'text/css': 'a style sheet', 'image/png': 'an icon' },
  },
};
