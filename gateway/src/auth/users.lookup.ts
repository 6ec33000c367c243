import { Injectable } from '@nestjs/common';
import { AuthPatterns, BusinessProfile, composeUser, CustomersPatterns, Identity, User } from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';

/** Composes the user object the browser sees from auth's identity and customers' profile. */
@Injectable()
export class UsersLookup {
  constructor(private readonly rpc: RpcClient) {}

  async byId(userId: string): Promise<User> {
    const identity = await this.rpc.request<Identity>(AuthPatterns.getUser, { userId });
    return this.withProfile(identity);
  }

  async withProfile(identity: Identity): Promise<User> {
    if (identity.role !== 'customer') return composeUser(identity, null);
    const profile = await this.rpc.request<BusinessProfile | null>(CustomersPatterns.getProfile, { userId: identity.id });
    return composeUser(identity, profile);
  }
}
