import { IsEmail, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { BUSINESS_TYPES, Messages, SELF_SERVICE_BUSINESS_TYPES, type BusinessType, type Role } from './constants';
import { NormalizeEmail, Trim, TrimToUndefined } from './validation';

export { BUSINESS_TYPES, Messages, PasswordChangeMessages, ROLES, SELF_SERVICE_BUSINESS_TYPES, SESSION_HINT_COOKIE } from './constants';
export type { BusinessType, Role } from './constants';

/** The identity fields auth owns. Never a password or hash. */
export interface Identity {
  id: string;
  email: string;
  role: Role;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The business profile customers owns, keyed by the same user id. */
export interface BusinessProfile {
  userId: string;
  businessName: string | null;
  businessType: BusinessType | null;
  phone: string | null;
  address: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What the browser sees as a user: identity and profile in one object. */
export interface User {
  id: string;
  email: string;
  role: Role;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  businessName: string | null;
  businessType: BusinessType | null;
  phone: string | null;
  address: string | null;
  createdAt: string;
  updatedAt: string;
}

export function composeUser(identity: Identity, profile: BusinessProfile | null | undefined): User {
  const updatedAt =
    profile && profile.updatedAt > identity.updatedAt ? profile.updatedAt : identity.updatedAt;
  return {
    id: identity.id,
    email: identity.email,
    role: identity.role,
    firstName: identity.firstName,
    lastName: identity.lastName,
    profileImageUrl: identity.profileImageUrl,
    businessName: profile?.businessName ?? null,
    businessType: profile?.businessType ?? null,
    phone: profile?.phone ?? null,
    address: profile?.address ?? null,
    createdAt: identity.createdAt,
    updatedAt,
  };
}

// ---- request bodies (validated by the gateway before anything crosses the wire) -------------

const EMAIL_MAX = 254;
/** argon2 hashes anything, but a megabyte password is a cheap way to burn CPU. */
const PASSWORD_MAX = 128;

export class LoginDto {
  @NormalizeEmail()
  @MaxLength(EMAIL_MAX, { message: Messages.email })
  @IsEmail({}, { message: Messages.email })
  email: string;

  @MaxLength(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` })
  @MinLength(6, { message: Messages.password })
  @IsString({ message: Messages.password })
  password: string;
}

export class RegisterDto extends LoginDto {
  @IsOptional()
  @TrimToUndefined()
  @MaxLength(200, { message: 'Business name must be at most 200 characters' })
  @MinLength(2, { message: Messages.businessName })
  @IsString({ message: Messages.businessName })
  businessName?: string;

  @IsOptional()
  @TrimToUndefined()
  @IsIn(SELF_SERVICE_BUSINESS_TYPES, { message: 'Business type must be coffee_shop or bakery' })
  businessType?: (typeof SELF_SERVICE_BUSINESS_TYPES)[number];
}

export class AdminRegisterDto extends LoginDto {
  @Trim()
  @MaxLength(100, { message: 'First name must be at most 100 characters' })
  @MinLength(1, { message: Messages.firstName })
  @IsString({ message: Messages.firstName })
  firstName: string;

  @Trim()
  @MaxLength(100, { message: 'Last name must be at most 100 characters' })
  @MinLength(1, { message: Messages.lastName })
  @IsString({ message: Messages.lastName })
  lastName: string;

  @MaxLength(256, { message: 'Registration key is too long' })
  @MinLength(1, { message: Messages.registrationKey })
  @IsString({ message: Messages.registrationKey })
  registrationKey: string;
}

/** A customer's names, business name and contact: the fields both the bakery and the customer may set. */
export class CustomerContactFieldsDto {
  @IsOptional()
  @TrimToUndefined()
  @MaxLength(100, { message: 'First name must be at most 100 characters' })
  @IsString()
  firstName?: string;

  @IsOptional()
  @TrimToUndefined()
  @MaxLength(100, { message: 'Last name must be at most 100 characters' })
  @IsString()
  lastName?: string;

  @IsOptional()
  @TrimToUndefined()
  @MaxLength(200, { message: 'Business name must be at most 200 characters' })
  @MinLength(2, { message: Messages.businessName })
  @IsString({ message: Messages.businessName })
  businessName?: string;

  @IsOptional()
  @TrimToUndefined()
  @MaxLength(40, { message: 'Phone must be at most 40 characters' })
  @IsString()
  phone?: string;

  @IsOptional()
  @TrimToUndefined()
  @MaxLength(1000, { message: 'Address must be at most 1000 characters' })
  @IsString()
  address?: string;
}

/** Fields of a customer an admin may set; shared by create and edit. */
export class CustomerProfileFieldsDto extends CustomerContactFieldsDto {
  @IsOptional()
  @TrimToUndefined()
  @IsIn(BUSINESS_TYPES, { message: 'Business type must be one of coffee_shop, bakery, restaurant, other' })
  businessType?: BusinessType;
}

/**
 * PATCH /api/account: what customers may change of their own account (issue 20). Not the drop
 * position (the bakery's), and as at registration only the self-service business types: restaurant
 * and other are the bakery's to give, so an account that has one keeps it by not sending the field.
 */
export class AccountDetailsDto extends CustomerContactFieldsDto {
  @IsOptional()
  @TrimToUndefined()
  @IsIn(SELF_SERVICE_BUSINESS_TYPES, { message: 'Business type must be coffee_shop or bakery' })
  businessType?: (typeof SELF_SERVICE_BUSINESS_TYPES)[number];
}

export class CreateCustomerDto extends CustomerProfileFieldsDto {
  @NormalizeEmail()
  @MaxLength(EMAIL_MAX, { message: Messages.email })
  @IsEmail({}, { message: Messages.email })
  email: string;

  @MaxLength(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` })
  @MinLength(6, { message: Messages.password })
  @IsString({ message: Messages.password })
  password: string;
}

/** A customer's place in the delivery run (the run sheet's order within a slot). */
export const DROP_POSITION_MAX = 9999;
export const DropPositionMessage = `Drop position must be a whole number from 1 to ${DROP_POSITION_MAX}, or null`;

export class UpdateCustomerDto extends CustomerProfileFieldsDto {
  /** null clears it (the customer then comes after those with a position) */
  @IsOptional()
  @Max(DROP_POSITION_MAX, { message: DropPositionMessage })
  @Min(1, { message: DropPositionMessage })
  @IsInt({ message: DropPositionMessage })
  dropPosition?: number | null;
}
