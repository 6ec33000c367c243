import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BusinessProfile,
  CustomerAccount,
  CustomerIdRequest,
  CustomersPage,
  CustomersPatterns,
  DeliveryDetails,
  DeliveryDetailsRequest,
  ListCustomersRequest,
  NewCustomerRequest,
  OrderContact,
  UpdateCustomerRequest,
  type User,
} from '@bakery/contracts';
import { AccountsService } from './accounts.service';

@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  /** Self-service registration; the gateway has already limited the business types to the spec's two. */
  @MessagePattern(CustomersPatterns.register)
  async register(@Payload() req: NewCustomerRequest): Promise<User> {
    // the customer's own view: the drop position is the bakery's business
    const { dropPosition: _dropPosition, ...user } = await this.accounts.create(req);
    return user;
  }

  /** An admin creates a customer: no per-address registration limit (only the gateway's register sends an address). */
  @MessagePattern(CustomersPatterns.create)
  create(@Payload() req: NewCustomerRequest): Promise<CustomerAccount> {
    return this.accounts.create({ ...req, ip: undefined });
  }

  /** One page of the directory (the gateway's GET /api/customers). */
  @MessagePattern(CustomersPatterns.list)
  list(@Payload() req: ListCustomersRequest): Promise<CustomersPage> {
    return this.accounts.list(req);
  }

  @MessagePattern(CustomersPatterns.get)
  get(@Payload() req: CustomerIdRequest): Promise<CustomerAccount> {
    return this.accounts.get(req.userId);
  }

  @MessagePattern(CustomersPatterns.update)
  update(@Payload() req: UpdateCustomerRequest): Promise<CustomerAccount> {
    return this.accounts.update(req);
  }

  @MessagePattern(CustomersPatterns.orderContact)
  orderContact(@Payload() req: CustomerIdRequest): Promise<OrderContact> {
    return this.accounts.orderContact(req.userId);
  }

  @MessagePattern(CustomersPatterns.deliveryDetails)
  deliveryDetails(@Payload() req: DeliveryDetailsRequest): Promise<DeliveryDetails[]> {
    return this.accounts.deliveryDetails(req.userIds);
  }

  @MessagePattern(CustomersPatterns.getProfile)
  getProfile(@Payload() req: CustomerIdRequest): Promise<BusinessProfile | null> {
    return this.accounts.getProfile(req.userId);
  }
}
