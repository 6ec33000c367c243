import type { BusinessProfile, BusinessType, CustomerAccount, DeliveryDetails, Identity } from '@bakery/contracts';
import { composeUser } from '@bakery/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A customer's business profile, keyed by the user id auth gave the account. */
@Entity({ name: 'customer_profiles' })
export class CustomerProfile {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'business_name', type: 'varchar', length: 200, nullable: true })
  businessName: string | null;

  @Column({ name: 'business_type', type: 'varchar', length: 32, nullable: true })
  businessType: BusinessType | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  phone: string | null;

  @Column({ type: 'text', nullable: true })
  address: string | null;

  /** The customer's place in the delivery run (the run sheet's order within a slot); null: after those with one. */
  @Column({ name: 'drop_position', type: 'integer', nullable: true })
  dropPosition: number | null;

  /** A copy of auth's email for this account (it never changes); null on rows older than the copy. */
  @Column({ type: 'varchar', length: 320, nullable: true })
  email: string | null;

  /** Copies of auth's names for this account, so the directory is searched by name in this table. */
  @Column({ name: 'first_name', type: 'varchar', length: 100, nullable: true })
  firstName: string | null;

  @Column({ name: 'last_name', type: 'varchar', length: 100, nullable: true })
  lastName: string | null;

  /**
   * Whether email and names are auth's (false: a row from before the copies, or a name change that
   * stopped between auth and this table: IdentityCopyBackfill copies them again).
   */
  @Column({ name: 'identity_copied', type: 'boolean', default: false })
  identityCopied: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** The admin's customer: identity, profile and the bakery's own fields (a missing profile has none). */
export function toCustomerAccount(identity: Identity, p: CustomerProfile | null): CustomerAccount {
  return { ...composeUser(identity, p ? toBusinessProfile(p) : null), dropPosition: p?.dropPosition ?? null };
}

export function toDeliveryDetails(p: Pick<CustomerProfile, 'userId' | 'businessName' | 'address' | 'phone' | 'dropPosition'>): DeliveryDetails {
  return { userId: p.userId, businessName: p.businessName, address: p.address, phone: p.phone, dropPosition: p.dropPosition };
}

export function toBusinessProfile(p: CustomerProfile): BusinessProfile {
  return {
    userId: p.userId,
    businessName: p.businessName,
    businessType: p.businessType,
    phone: p.phone,
    address: p.address,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
