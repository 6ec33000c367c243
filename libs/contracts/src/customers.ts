import { BusinessProfile, BusinessType, User } from './users';

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

export interface NewCustomerRequest {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  businessName?: string;
  businessType?: BusinessType;
  phone?: string;
  address?: string;
  /** client address of a self-service registration (for its per-address limit); set by the gateway */
  ip?: string;
}

export interface CustomerIdRequest {
  userId: string;
}

export interface UpdateCustomerRequest {
  userId: string;
  firstName?: string;
  lastName?: string;
  businessName?: string;
  businessType?: BusinessType;
  phone?: string;
  address?: string;
}

export type CustomerAccount = User;
export type ProfileResponse = BusinessProfile | null;
