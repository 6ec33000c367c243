import { Injectable } from '@nestjs/common';
import { CustomerTermsPatterns, type ResolveTermsRequest, type ResolvedTerms } from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';

/**
 * What ordering asks the customers service about a customer's terms: their price list, overrides
 * and hold, in one request (customers.terms.resolve). Not cached: a checkout asks once, with the
 * order contact it needs anyway (`withContact`), so terms cost it no extra round trip, and a
 * change (a hold, a new list) applies from the very next request on every instance.
 */
@Injectable()
export class CustomerTermsClient {
  constructor(private readonly rpc: RpcClient) {}

  resolve(customerId: string, withContact = false): Promise<ResolvedTerms> {
    const request: ResolveTermsRequest = withContact ? { userId: customerId, withContact } : { userId: customerId };
    return this.rpc.request(CustomerTermsPatterns.resolve, request);
  }

  /**
   * For one sweep over many deliveries (standing orders, previews): each customer's terms asked
   * once, as a customer has up to 10 standing orders; a failed answer is forgotten, so it is asked
   * again by the next use rather than failing the rest of the sweep.
   */
  perSweep(withContact = false): (customerId: string) => Promise<ResolvedTerms> {
    const asked = new Map<string, Promise<ResolvedTerms>>();
    return (customerId) => {
      let terms = asked.get(customerId);
      if (!terms) {
        terms = this.resolve(customerId, withContact);
        terms.catch(() => asked.delete(customerId));
        asked.set(customerId, terms);
      }
      return terms;
    };
  }
}
