import { IsOptional } from 'class-validator';
import { BusinessProfile, CreateCustomerDto, UpdateCustomerDto, User } from './users';
import { IsClientAddress, IsUuid } from './validation';

/** Request/reply patterns of the customers service. */
export const CustomersPatterns = {
  /** self-service registration: a customer with the spec's two business types */
  register: 'customers.accounts.register',
  /** an admin creates a customer account */
  create: 'customers.accounts.create',
  list: 'customers.accounts.list',
  get: 'customers.accounts.get',
  update: 'customers.accounts.update',
  getProfile: 'customers.profiles.get',
  /** what an order keeps of its customer: business name, email, phone (answered without auth) */
  orderContact: 'customers.accounts.order-contact',
} as const;

/** The customer details an order keeps as they were when it was placed. */
export interface OrderContact {
  businessName: string | null;
  email: string;
  phone: string | null;
}

// ---- message payloads (classes: the service's validation pipe checks every message) ----------

/** customers.accounts.register / create: the admin's customer fields (a registration's are a subset). */
export class NewCustomerRequest extends CreateCustomerDto {
  /** client address of a self-service registration (for its per-address limit); set by the gateway */
  @IsOptional()
  @IsClientAddress()
  ip?: string;
}

export class CustomerIdRequest {
  @IsUuid()
  userId: string;
}

/** customers.accounts.update: the PATCH body plus the id from the route. */
export class UpdateCustomerRequest extends UpdateCustomerDto {
  @IsUuid()
  userId: string;
}

export type CustomerAccount = User;
export type ProfileResponse = BusinessProfile | null;
