import {
  BUSINESS_TYPES,
  CALENDAR_REFUSALS,
  CATEGORIES,
  CUSTOMER_TERMS_FIELDS,
  DELIVERY_TIME_SLOTS,
  ErrorCode,
  INVOICE_KINDS,
  MAIL_KINDS,
  MAIL_STATUSES,
  ORDER_STATUSES,
  REORDER_SKIP_REASONS,
  REVIEW_STATUSES,
  ROLES,
  SERVICE_NAMES,
  STANDING_ORDER_STATUSES,
  type AdminGatewayHealth,
  type AdminServiceHealth,
  type BakeList,
  type BakeListChange,
  type BakeListCustomer,
  type BakeListProduct,
  type BakeryCalendar,
  type BakeryDetails,
  type Batches,
  type CalendarDay,
  type CartLine,
  type CartProduct,
  type Closure,
  type CustomerAccount,
  type CustomerProduct,
  type CustomerTerms,
  type CustomerTermsAuditEntry,
  type DashboardMetrics,
  type DeadLetter,
  type DeadLettersPage,
  type DeleteProductResponse,
  type DeliverySchedule,
  type EffectiveTerms,
  type FixedPrice,
  type ForgotPasswordAnswer,
  type SkipLinkDelivery,
  type HealthReply,
  type Invoice,
  type InvoiceCustomer,
  type InvoiceLine,
  type ChangePasswordAnswer,
  type MailPreferences,
  type MailRecord,
  type NotificationCount,
  type Order,
  type OrderItem,
  type PackingSlip,
  type PackingSlips,
  type PriceList,
  type PriceListCustomer,
  type PricingAnswer,
  type PricingSettings,
  type Product,
  type ProductionPrint,
  type ProductionWeek,
  type ReorderedLine,
  type ReorderResult,
  type ResetPasswordAnswer,
  type RunSheet,
  type RunSheetStop,
  type SkippedLine,
  type StandingOrder,
  type StandingOrderLine,
  type UpcomingDelivery,
  type User,
  type WeekdayRule,
} from '@bakery/contracts';
import type { ErrorResponseBody } from '../http/error-response';
import {
  arrayOf,
  boolean,
  date,
  dateTime,
  integer,
  type JsonSchema,
  money,
  nullable,
  objectOf,
  oneOfValues,
  ref,
  string,
  uuid,
} from './json-schema';

/**
 * The answers of the API, as components.schemas of the document. The routes answer the
 * interfaces of @bakery/contracts, which leave nothing at run time to generate from; each schema
 * here is written against its interface with `objectOf<T>`, so a field added to or removed from
 * the interface fails the build until it is documented, and gateway/test/openapi.int.spec.ts
 * checks real answers against these schemas (every field, none more).
 */

const slot = oneOfValues(DELIVERY_TIME_SLOTS, { description: 'delivery time slot' });
const category = oneOfValues(CATEGORIES);
const percentage = string({ pattern: '^\\d{1,3}\\.\\d{2}$', examples: ['90.00'], description: '"90.00": 90% of the default price' });
const rate = string({ pattern: '^\\d+(\\.\\d{1,6})?$', examples: ['0.0850'], description: 'a fraction, e.g. "0.0850" for 8.5%' });
const objectPath = string({ pattern: '^/objects/uploads/[0-9a-fA-F-]{36}$', description: 'an uploaded image, served at this path' });

const userFields: { [K in keyof User]-?: JsonSchema } = {
  id: uuid(),
  email: string({ format: 'email' }),
  role: oneOfValues(ROLES),
  firstName: nullable(string()),
  lastName: nullable(string()),
  profileImageUrl: nullable(string()),
  businessName: nullable(string()),
  businessType: nullable(oneOfValues(BUSINESS_TYPES)),
  phone: nullable(string()),
  address: nullable(string()),
  createdAt: dateTime(),
  updatedAt: dateTime(),
};

const user = objectOf<User>(userFields, { description: 'A user: identity (auth) and business profile (customers) in one object. Never a password or hash.' });

const productFields = {
  id: uuid(),
  name: string(),
  description: nullable(string()),
  price: money({ description: 'the price this caller pays (a customer: at their price list)' }),
  category: nullable(category),
  imageUrl: nullable(string()),
  stock: integer({ minimum: 0 }),
  lowStockThreshold: integer({ minimum: 0 }),
  reorderLevel: integer({ minimum: 0 }),
  reorderQuantity: integer({ minimum: 0 }),
  leadDays: integer({ minimum: 0, description: 'days of notice beyond the delivery date’s cut-off' }),
  batchSize: nullable(integer({ minimum: 1, description: 'units one mix makes; null: not made in batches' })),
  supplier: nullable(string()),
  isActive: boolean(),
  reviewStatus: oneOfValues(REVIEW_STATUSES),
  submittedBy: nullable(uuid({ description: 'the customer of a submission' })),
  createdAt: dateTime(),
  updatedAt: dateTime(),
};

const product = objectOf<Product>(productFields, { description: 'A product as administrators see it.' });

const customerProduct = objectOf<CustomerProduct>(
  {
    id: productFields.id,
    name: productFields.name,
    description: productFields.description,
    price: productFields.price,
    category: productFields.category,
    imageUrl: productFields.imageUrl,
    stock: productFields.stock,
    lowStockThreshold: productFields.lowStockThreshold,
    isActive: productFields.isActive,
    leadDays: productFields.leadDays,
  },
  { description: 'A live product as customers see it, at their own price.' },
);

const cartProduct = objectOf<CartProduct>({
  id: productFields.id,
  name: productFields.name,
  description: productFields.description,
  price: productFields.price,
  imageUrl: productFields.imageUrl,
  stock: productFields.stock,
  isActive: productFields.isActive,
});

const cartLine = objectOf<CartLine>(
  {
    id: uuid(),
    productId: uuid(),
    quantity: integer({ minimum: 1 }),
    createdAt: dateTime(),
    updatedAt: dateTime(),
    product: nullable({ ...ref('CartProduct'), description: 'null when the product has gone from the catalogue' }),
    previousPrice: nullable(money({ description: 'the unit price the line was added at, when the price is now different' })),
  },
  { optional: ['previousPrice'] },
);

const orderItem = objectOf<OrderItem>({
  id: uuid(),
  productId: uuid(),
  quantity: integer({ minimum: 0 }),
  unitPrice: money(),
  totalPrice: money(),
  product: objectOf<OrderItem['product']>({ id: uuid(), name: string() }, { description: 'as it was when the order was placed' }),
  shortfall: integer({ minimum: 0, description: 'units a standing order asked for that were not available (never charged)' }),
});

const order = objectOf<Order>({
  id: uuid(),
  customerId: uuid(),
  status: oneOfValues(ORDER_STATUSES),
  subtotal: money(),
  deliveryFee: money(),
  tax: money(),
  total: money(),
  deliveryDate: nullable(date()),
  deliveryTimeSlot: nullable(slot),
  specialInstructions: nullable(string()),
  cutoffAt: nullable(dateTime({ description: 'until when the customer may cancel or change it' })),
  standingOrderId: nullable(uuid({ description: 'the standing order this delivery came from' })),
  createdAt: dateTime(),
  updatedAt: dateTime(),
  customer: objectOf<Order['customer']>(
    { businessName: nullable(string()), email: string({ format: 'email' }), phone: nullable(string()) },
    { description: 'as it was when the order was placed' },
  ),
  orderItems: arrayOf(ref('OrderItem')),
});

const reorderResult = objectOf<ReorderResult>({
  added: arrayOf(objectOf<ReorderedLine>({ productId: uuid(), name: string(), quantity: integer({ minimum: 1 }) })),
  skipped: arrayOf(
    objectOf<SkippedLine>({ productId: uuid(), name: string(), reason: oneOfValues(REORDER_SKIP_REASONS), missing: integer({ minimum: 1 }) }),
  ),
});

const effectiveTerms = objectOf<EffectiveTerms>({
  minimumOrder: nullable(money()),
  deliveryFee: money(),
  freeDeliveryThreshold: nullable(money()),
});

const pricingSettingsFields = {
  deliveryFee: money(),
  taxRate: rate,
  minimumOrder: nullable(money()),
  freeDeliveryThreshold: nullable(money()),
};
const pricingSettings = objectOf<PricingSettings>(pricingSettingsFields);
const pricingAnswer = objectOf<PricingAnswer>(
  { ...pricingSettingsFields, own: { ...ref('EffectiveTerms'), description: 'customers: the terms that apply to them' } },
  { optional: ['own'] },
);

const dashboardMetrics = objectOf<DashboardMetrics>({
  totalOrders: integer({ minimum: 0 }),
  revenue: money(),
  activeCustomers: integer({ minimum: 0 }),
  pendingOrders: integer({ minimum: 0 }),
  trends: objectOf<DashboardMetrics['trends']>({
    ordersThisMonth: integer({ minimum: 0 }),
    ordersLastMonth: integer({ minimum: 0 }),
    revenueThisMonth: money(),
    revenueLastMonth: money(),
    activeCustomersThisMonth: integer({ minimum: 0 }),
    activeCustomersLastMonth: integer({ minimum: 0 }),
  }),
});

const bakeryCalendar = objectOf<BakeryCalendar>({
  timeZone: string({ description: 'IANA time zone of the bakery' }),
  today: date({ description: 'the bakery’s date now' }),
  now: dateTime({ description: 'the server’s clock' }),
  maxDeliveryDaysAhead: integer({ minimum: 0 }),
  requireDeliveryDate: boolean(),
});

const weekdayRule = objectOf<WeekdayRule>({
  weekday: integer({ minimum: 1, maximum: 7, description: '1 = Monday … 7 = Sunday' }),
  delivers: boolean(),
  leadDays: integer({ minimum: 0 }),
  cutoffTime: string({ pattern: '^\\d{2}:\\d{2}$', description: '"HH:MM" in the bakery’s time zone; "24:00" is the end of the day' }),
  slots: arrayOf(slot),
});

const deliverySchedule = objectOf<DeliverySchedule>({
  weekdays: arrayOf(ref('WeekdayRule'), { minItems: 7, maxItems: 7 }),
  requireDeliveryDate: boolean(),
  autoConfirmAtCutoff: boolean(),
});

const closure = objectOf<Closure>({ id: uuid(), from: date(), to: date(), message: string() });

const calendarDay = objectOf<CalendarDay>({
  date: date(),
  orderable: boolean(),
  cutoffAt: nullable(dateTime()),
  slots: arrayOf(slot),
  reason: nullable(oneOfValues(CALENDAR_REFUSALS)),
  message: nullable(string()),
});

const standingOrder = objectOf<StandingOrder>({
  id: uuid(),
  customerId: uuid(),
  status: oneOfValues(STANDING_ORDER_STATUSES),
  pausedUntil: nullable(date({ description: 'deliveries resume on this date; null while paused until resumed, or active' })),
  name: string(),
  startDate: date(),
  endDate: nullable(date()),
  everyWeeks: integer({ minimum: 1 }),
  deliveryTimeSlot: nullable(slot),
  specialInstructions: nullable(string()),
  lines: arrayOf(
    objectOf<StandingOrderLine>({
      productId: uuid(),
      quantities: arrayOf(integer({ minimum: 0 }), { minItems: 7, maxItems: 7, description: 'Monday … Sunday' }),
    }),
  ),
  createdAt: dateTime(),
  updatedAt: dateTime(),
});

const upcomingDelivery = objectOf<UpcomingDelivery>({
  standingOrderId: uuid(),
  date: date(),
  cutoffAt: dateTime(),
  skipped: boolean(),
  lines: arrayOf(objectOf<UpcomingDelivery['lines'][number]>({ productId: uuid(), quantity: integer({ minimum: 1 }) })),
});

const skipLinkDelivery = objectOf<SkipLinkDelivery>({
  standingOrderName: string(),
  deliveryDate: date(),
  cutoffAt: dateTime(),
  deliveryTimeSlot: nullable(slot),
  lines: arrayOf(objectOf<SkipLinkDelivery['lines'][number]>({ productId: uuid(), name: string(), quantity: integer({ minimum: 1 }) })),
  skipped: boolean(),
  message: nullable(string()),
});

const bakeryDetails = objectOf<BakeryDetails>({
  name: string({ minLength: 1, maxLength: 120 }),
  address: string({ maxLength: 500 }),
  taxId: string({ maxLength: 500 }),
  paymentInstructions: string({ maxLength: 500 }),
});

const invoice = objectOf<Invoice>({
  id: uuid(),
  number: string({ pattern: '^(INV|CN)-\\d{4}-\\d{6}$', description: '"INV-2026-000123"; credit notes "CN-2026-000001"' }),
  kind: oneOfValues(INVOICE_KINDS),
  orderId: uuid(),
  orderNumber: string({ pattern: '^[0-9A-F]{8}$' }),
  customerId: uuid(),
  creditedInvoiceId: nullable(uuid({ description: 'a credit note: the invoice it cancels' })),
  issuedAt: dateTime(),
  subtotal: money(),
  deliveryFee: money(),
  tax: money(),
  total: money({ description: 'negative on a credit note' }),
  paid: boolean(),
  paidAt: nullable(dateTime()),
  lines: arrayOf(objectOf<InvoiceLine>({ productId: uuid(), name: string(), quantity: integer({ minimum: 0 }), unitPrice: money(), totalPrice: money() })),
  customer: objectOf<InvoiceCustomer>({
    businessName: nullable(string()),
    email: string({ format: 'email' }),
    phone: nullable(string()),
    address: nullable(string()),
  }),
  bakery: ref('BakeryDetails'),
  deliveryDate: nullable(date()),
  deliveryTimeSlot: nullable(slot),
});

const bakeList = objectOf<BakeList>({
  date: date(),
  cutoffAt: nullable(dateTime({ description: 'null when the bakery does not deliver that day' })),
  locked: boolean({ description: 'the cut-off has passed' }),
  printedAt: nullable(dateTime({ description: 'the last print; null: never printed' })),
  products: arrayOf(
    objectOf<BakeListProduct>({
      productId: uuid(),
      name: string(),
      category: nullable(category),
      quantity: integer({ minimum: 0, description: 'units on placed orders' }),
      projectedQuantity: integer({ minimum: 0, description: 'standing-order units not yet turned into orders' }),
      customers: integer({ minimum: 0 }),
      batches: nullable(objectOf<Batches>({ batchSize: integer({ minimum: 1 }), count: integer({ minimum: 0 }), spare: integer({ minimum: 0 }) })),
    }),
  ),
  changes: arrayOf(
    objectOf<BakeListChange>({
      productId: uuid(),
      name: string(),
      customerId: uuid(),
      businessName: string(),
      before: integer({ minimum: 0 }),
      after: integer({ minimum: 0 }),
    }),
    { description: 'differences since the last print' },
  ),
  changesTotal: integer({ minimum: 0 }),
});

const bakeListCustomer = objectOf<BakeListCustomer>({
  customerId: uuid(),
  businessName: string(),
  quantity: integer({ minimum: 0 }),
  projected: boolean(),
  orderId: nullable(uuid()),
});

const productionPrint = objectOf<ProductionPrint>({ date: date(), printedAt: dateTime() });

const productionWeek = objectOf<ProductionWeek>({
  dates: arrayOf(date()),
  products: arrayOf(
    objectOf<ProductionWeek['products'][number]>({
      productId: uuid(),
      name: string(),
      category: nullable(category),
      quantities: arrayOf(integer({ minimum: 0 }), { description: 'placed + projected units, one per date' }),
    }),
  ),
});

const packingSlips = objectOf<PackingSlips>({
  date: date(),
  slips: arrayOf(
    objectOf<PackingSlip>({
      orderId: uuid(),
      orderNumber: string({ pattern: '^[0-9A-F]{8}$' }),
      customerId: uuid(),
      businessName: string(),
      address: nullable(string()),
      phone: nullable(string()),
      deliveryTimeSlot: nullable(slot),
      specialInstructions: nullable(string()),
      dropPosition: nullable(integer({ minimum: 1 })),
      items: arrayOf(objectOf<PackingSlip['items'][number]>({ productId: uuid(), name: string(), quantity: integer({ minimum: 1 }) })),
    }),
  ),
});

const runSheet = objectOf<RunSheet>({
  date: date(),
  slots: arrayOf(
    objectOf<RunSheet['slots'][number]>({
      slot: nullable(slot),
      stops: arrayOf(
        objectOf<RunSheetStop>({
          position: integer({ minimum: 1 }),
          customerId: uuid(),
          businessName: string(),
          address: nullable(string()),
          phone: nullable(string()),
          instructions: nullable(string()),
          items: integer({ minimum: 0, description: 'units to drop' }),
          orderIds: arrayOf(uuid()),
        }),
      ),
    }),
  ),
});

const priceList = objectOf<PriceList>({
  id: uuid(),
  name: string(),
  percentage,
  fixedPrices: arrayOf(objectOf<FixedPrice>({ productId: uuid(), price: money() })),
  customerCount: integer({ minimum: 0 }),
  createdAt: dateTime(),
  updatedAt: dateTime(),
});

const priceListCustomer = objectOf<PriceListCustomer>({ id: uuid(), businessName: nullable(string()), email: nullable(string()) });

const customerTerms = objectOf<CustomerTerms>({
  priceListId: nullable(uuid({ description: 'null: the default prices' })),
  minimumOrder: nullable(money({ description: 'null: the bakery’s' })),
  deliveryFee: nullable(money({ description: 'null: the bakery’s' })),
  freeDeliveryThreshold: nullable(money({ description: 'null: the bakery’s' })),
  onHold: boolean(),
  holdReason: nullable(string()),
});

const customerTermsAuditEntry = objectOf<CustomerTermsAuditEntry>({
  id: uuid(),
  at: dateTime(),
  changedBy: objectOf<CustomerTermsAuditEntry['changedBy']>({ id: uuid(), name: nullable(string()) }),
  field: oneOfValues(CUSTOMER_TERMS_FIELDS),
  oldValue: nullable(string()),
  newValue: nullable(string()),
});

const byService = (value: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(SERVICE_NAMES.map((s) => [s, value])),
  required: [...SERVICE_NAMES],
});

const gatewayHealth = objectOf<AdminGatewayHealth>(
  {
    status: oneOfValues(['ok', 'degraded']),
    services: byService(oneOfValues(['up', 'down'])),
    deadLetters: { ...byService(nullable(integer({ minimum: 0 }))), description: 'admins only: dead letters per service (null: it did not answer)' },
  },
  { optional: ['deadLetters'], description: '200 when every service answered, 503 (same body) when one did not.' },
);

const healthReplyFields = {
  service: string(),
  status: oneOfValues(['up']),
  instanceId: string(),
  uptimeSeconds: { type: 'number', minimum: 0 },
  deadLetters: integer({ minimum: 0 }),
};

const deadLetter = objectOf<DeadLetter>({
  eventId: uuid(),
  type: string(),
  subject: string(),
  consumer: string(),
  source: string(),
  occurredAt: dateTime(),
  payload: { description: 'the event’s payload' },
  attempts: integer({ minimum: 0 }),
  lastError: string(),
  firstFailedAt: dateTime(),
  lastFailedAt: dateTime(),
  deadAt: dateTime(),
});

const serviceHealth: JsonSchema = {
  description: 'Anyone: the service and its status. Admins: the instance that answered and a page of its dead letters.',
  anyOf: [
    objectOf<Pick<HealthReply, 'service' | 'status'>>({ service: string(), status: oneOfValues(['up']) }),
    objectOf<AdminServiceHealth>({
      ...healthReplyFields,
      deadLetterPage: objectOf<DeadLettersPage>({
        service: string(),
        total: integer({ minimum: 0 }),
        offset: integer({ minimum: 0 }),
        limit: integer({ minimum: 1 }),
        items: arrayOf(ref('DeadLetter')),
        nextOffset: nullable(integer({ minimum: 0 })),
      }),
    }),
  ],
};

const mailRecord = objectOf<MailRecord>(
  {
    id: uuid(),
    kind: oneOfValues(MAIL_KINDS),
    recipient: string(),
    subject: string(),
    status: oneOfValues(MAIL_STATUSES),
    attempts: integer({ minimum: 0 }),
    lastError: nullable(string()),
    eventId: uuid({ description: 'the event the mail came from' }),
    orderId: nullable(uuid()),
    createdAt: dateTime(),
    sentAt: nullable(dateTime()),
    nextAttemptAt: nullable(dateTime({ description: 'when a pending mail is tried next' })),
  },
  { description: 'A mail the platform sent or tried to send (never its body).' },
);

const errorBody = objectOf<ErrorResponseBody>(
  {
    statusCode: integer({ minimum: 400, maximum: 599, description: 'the HTTP status, again' }),
    message: string({ description: 'what went wrong, for a person' }),
    code: oneOfValues(Object.values(ErrorCode)),
    errors: {
      type: 'object',
      description: '400: the fields that are wrong, each with its messages (at most 20 fields, 3 messages each)',
      additionalProperties: arrayOf(string()),
    },
    details: { type: 'object', description: 'what a client needs to recover, e.g. the changed prices of a 409 on placing an order' },
  },
  { optional: ['errors', 'details'], description: 'The body of every error the API answers.' },
);

/** components.schemas of the answers (the request bodies' schemas come from their classes: request-schemas.ts). */
export const RESPONSE_SCHEMAS: Record<string, JsonSchema> = {
  Error: errorBody,
  User: user,
  CustomerAccount: objectOf<CustomerAccount>(
    { ...userFields, dropPosition: nullable(integer({ minimum: 1, maximum: 9999, description: 'stop order on the run sheet' })) },
    { description: 'A customer as administrators see it.' },
  ),
  Product: product,
  CustomerProduct: customerProduct,
  CartProduct: cartProduct,
  CartLine: cartLine,
  OrderItem: orderItem,
  Order: order,
  ReorderResult: reorderResult,
  EffectiveTerms: effectiveTerms,
  PricingSettings: pricingSettings,
  PricingAnswer: pricingAnswer,
  DashboardMetrics: dashboardMetrics,
  BakeryCalendar: bakeryCalendar,
  WeekdayRule: weekdayRule,
  DeliverySchedule: deliverySchedule,
  Closure: closure,
  CalendarDay: calendarDay,
  StandingOrder: standingOrder,
  UpcomingDelivery: upcomingDelivery,
  SkipLinkDelivery: skipLinkDelivery,
  BakeryDetails: bakeryDetails,
  Invoice: invoice,
  BakeList: bakeList,
  BakeListCustomer: bakeListCustomer,
  ProductionPrint: productionPrint,
  ProductionWeek: productionWeek,
  PackingSlips: packingSlips,
  RunSheet: runSheet,
  PriceList: priceList,
  PriceListCustomer: priceListCustomer,
  CustomerTerms: customerTerms,
  CustomerTermsAuditEntry: customerTermsAuditEntry,
  GatewayHealth: gatewayHealth,
  ServiceHealth: serviceHealth,
  DeadLetter: deadLetter,
  MailRecord: mailRecord,
  NotificationCount: objectOf<NotificationCount>({ count: integer({ minimum: 0 }) }),
  DeleteProductResponse: objectOf<DeleteProductResponse>({ productId: uuid() }),
  SignedIn: objectOf<{ user: User }>({ user: ref('User') }),
  SignedOut: objectOf<{ ok: true }>({ ok: oneOfValues([true]) }),
  ForgotPasswordAnswer: objectOf<ForgotPasswordAnswer>({ message: string() }),
  ResetPasswordAnswer: objectOf<ResetPasswordAnswer>({ ok: oneOfValues([true]), role: oneOfValues(ROLES) }),
  PasswordChanged: objectOf<ChangePasswordAnswer>({ message: string() }),
  MailPreferences: objectOf<MailPreferences>(
    {
      orderUpdates: boolean({ description: 'status changes and amendments of their orders' }),
      standingOrderPreviews: boolean({ description: 'a standing order’s coming delivery before its cut-off, with a skip link' }),
      cutoffReminders: boolean({ description: 'before the next cut-off when they have no order for that delivery' }),
    },
    { description: 'Which optional emails a customer gets (order confirmations and password emails always go).' },
  ),
  CartCount: objectOf<{ count: number }>({ count: integer({ minimum: 0 }) }),
  RemovedCartLine: objectOf<{ id: string }>({ id: uuid() }),
  UploadUrl: objectOf<{ uploadURL: string }>({ uploadURL: string({ description: 'PUT the image’s bytes to this URL, then register it' }) }),
  RegisteredImage: objectOf<{ objectPath: string }>({ objectPath }),
};
