import { CustomerTermsPatterns, type ResolvedTerms } from '@bakery/contracts';
import type { RpcClient } from '@bakery/platform';
import { CustomerTermsClient } from './customer-terms.client';

const termsFor = (customerId: string): ResolvedTerms => ({ customerId, priceList: null, minimumOrder: null, deliveryFee: null, freeDeliveryThreshold: null, onHold: false });

describe('CustomerTermsClient.perSweep', () => {
  it('asks customers once per customer for the whole sweep, with the contact when told to', async () => {
    const request = jest.fn(async (_pattern: string, req: { userId: string }) => termsFor(req.userId));
    const terms = new CustomerTermsClient({ request } as unknown as RpcClient).perSweep(true);
    const answers = await Promise.all(['a', 'b', 'a', 'a', 'b'].map((id) => terms(id)));
    expect(answers.map((t) => t.customerId)).toEqual(['a', 'b', 'a', 'a', 'b']);
    expect(request.mock.calls).toEqual([
      [CustomerTermsPatterns.resolve, { userId: 'a', withContact: true }],
      [CustomerTermsPatterns.resolve, { userId: 'b', withContact: true }],
    ]);
  });

  it('forgets a failed answer: the next use asks again', async () => {
    let fail = true;
    const request = jest.fn(async (_pattern: string, req: { userId: string }) => {
      if (fail) throw new Error('customers unreachable');
      return termsFor(req.userId);
    });
    const terms = new CustomerTermsClient({ request } as unknown as RpcClient).perSweep();
    await expect(terms('a')).rejects.toThrow('customers unreachable');
    fail = false;
    await expect(terms('a')).resolves.toEqual(termsFor('a'));
    await terms('a');
    expect(request).toHaveBeenCalledTimes(2);
    expect(request.mock.calls[1]).toEqual([CustomerTermsPatterns.resolve, { userId: 'a' }]);
  });
});
