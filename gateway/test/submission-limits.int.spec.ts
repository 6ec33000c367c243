/**
 * Customer product submissions were unlimited (20 at once, at the highest price, all accepted).
 * Now: at most SUBMISSION_PENDING_MAX (10) waiting for review per customer (409), at most
 * SUBMISSION_RATE_PER_HOUR (20) an hour per customer (429), under concurrency too.
 */
import { ApiClient, signedInAdmin, signedInCustomer, TestStack } from '@bakery/testing';
import { uploadPhoto } from './support/photos';

const PENDING_MAX = 10;
const RATE_PER_HOUR = 20;
const TOP_PRICE = '99999999.99';

describe('customer submissions are limited per customer', () => {
  let stack: TestStack;
  let admin: ApiClient;

  beforeAll(async () => {
    stack = await TestStack.start({ services: ['auth', 'customers', 'catalog'] });
    admin = await signedInAdmin(stack.url);
  });
  afterAll(() => stack?.close());

  const submitted = async (customer: ApiClient) => {
    const me = (await customer.get('/api/auth/user')).body.id;
    return (await stack.query('catalog', `SELECT review_status AS status FROM products WHERE submitted_by = $1`, [me])).map((r) => r.status);
  };

  it(`takes ${PENDING_MAX} of 20 concurrent submissions at ${TOP_PRICE} and refuses the rest with 409`, async () => {
    const customer = await signedInCustomer(stack.url);
    const imageUrl = await uploadPhoto(customer);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => customer.post('/api/products/customer', { price: TOP_PRICE, stock: 500, imageUrl })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(PENDING_MAX);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20 - PENDING_MAX);
    expect(answers.find((a) => a.status === 409)!.body).toMatchObject({
      statusCode: 409,
      code: 'CONFLICT',
      message: `You have ${PENDING_MAX} submissions waiting for review: please wait for them to be reviewed before submitting more`,
    });
    expect(await submitted(customer)).toEqual(Array(PENDING_MAX).fill('pending_review'));

    // another customer is not held up by this one
    const other = await signedInCustomer(stack.url);
    expect((await other.post('/api/products/customer', { price: '4.00', stock: 5, imageUrl: await uploadPhoto(other) })).status).toBe(201);

    // once the admin has reviewed one, there is room for one more
    const pending = answers.find((a) => a.status === 201)!.body.id;
    expect((await admin.patch(`/api/products/${pending}`, { reviewStatus: 'rejected' })).status).toBe(200);
    expect((await customer.post('/api/products/customer', { price: '4.00', stock: 5, imageUrl })).status).toBe(201);
    expect((await customer.post('/api/products/customer', { price: '4.00', stock: 5, imageUrl })).status).toBe(409);
  });

  it(`takes at most ${RATE_PER_HOUR} submissions an hour from one customer, reviewed or not (429)`, async () => {
    const customer = await signedInCustomer(stack.url);
    const imageUrl = await uploadPhoto(customer);
    for (let round = 0; round < RATE_PER_HOUR / PENDING_MAX; round++) {
      const answers = await Promise.all(
        Array.from({ length: PENDING_MAX }, () => customer.post('/api/products/customer', { price: '3.00', stock: 5, imageUrl })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(PENDING_MAX).fill(201));
      // the admin reviews them all, so none is waiting
      for (const { body } of answers) expect((await admin.patch(`/api/products/${body.id}`, { reviewStatus: 'rejected' })).status).toBe(200);
    }
    const next = await customer.post('/api/products/customer', { price: '3.00', stock: 5, imageUrl });
    expect(next.status).toBe(429);
    expect(next.body).toMatchObject({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: `Too many submissions: at most ${RATE_PER_HOUR} an hour. Please try again later`,
    });
    expect(await submitted(customer)).toHaveLength(RATE_PER_HOUR);
  });
});
