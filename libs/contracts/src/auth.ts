import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { PAGE_LIMIT_MAX } from './paging';
import { AdminRegisterDto, Identity, LoginDto, Messages, PasswordChangeMessages, Role, ROLES } from './users';
import { IsClientAddress, IsUuid } from './validation';

/** Request/reply patterns of the auth service (subject `<ns>.rpc.<pattern>`). */
export const AuthPatterns = {
  /** creates an account that cannot sign in yet (first step of registration) */
  createPendingUser: 'auth.users.createPending',
  /** lets a pending account sign in (last step of registration) */
  activateUser: 'auth.users.activate',
  /** compensation: removes a pending account whose registration failed */
  discardPendingUser: 'auth.users.discardPending',
  getUser: 'auth.users.get',
  /** the active accounts of a role among some ids, in one request (a page of the customer directory) */
  getUsers: 'auth.users.getMany',
  updateNames: 'auth.users.updateNames',
  registerAdmin: 'auth.admins.register',
  login: 'auth.login',
  createSession: 'auth.sessions.create',
  checkSession: 'auth.sessions.check',
  revokeSession: 'auth.sessions.revoke',
  /** a signed-in user's new password (ChangePasswordRequest → ChangePasswordAnswer; issue 20's Account page) */
  changePassword: 'auth.password.change',
} as const;

/** Broadcast topics auth sends to every gateway instance (`<ns>.broadcast.<topic>`). */
export const AuthBroadcasts = {
  sessionRevoked: 'session.revoked',
} as const;

// ---- message payloads (classes: the service's validation pipe checks every message) ----------

/** auth.users.createPending: email (canonical form) and password as the HTTP bodies take them. */
export class CreatePendingUserRequest extends LoginDto {
  @IsIn(ROLES)
  role: Role;

  @IsOptional()
  @MaxLength(100, { message: 'First name must be at most 100 characters' })
  @IsString()
  firstName?: string;

  @IsOptional()
  @MaxLength(100, { message: 'Last name must be at most 100 characters' })
  @IsString()
  lastName?: string;

  /**
   * client address of a self-service registration, for the per-address registration limit
   * (absent: no limit, e.g. a customer an administrator creates)
   */
  @IsOptional()
  @IsClientAddress()
  ip?: string;
}

export class UserIdRequest {
  @IsUuid()
  userId: string;
}

/**
 * Last step of a registration: activates the pending account with this id (the id is the
 * registration attempt's own; a taken-over attempt's id no longer names anything).
 */
export class ActivateUserRequest extends UserIdRequest {
  /** the address createPending was given: a registration that succeeds gives its reservation back */
  @IsOptional()
  @IsClientAddress()
  ip?: string;
}

/** The most ids one auth.users.getMany names: a page of a list. */
export const USER_IDS_MAX = PAGE_LIMIT_MAX;

/**
 * auth.users.getMany → Identity[]: the active accounts of `role` among `ids` (the others left out,
 * in no particular order). There is no request for every account: a list pages its own table
 * and asks for the identities of one page.
 */
export class UserIdsRequest {
  @IsIn(ROLES)
  role: Role;

  @IsUuid({ each: true })
  @ArrayMaxSize(USER_IDS_MAX)
  @IsArray()
  ids: string[];
}

/** An absent name stays, null clears it. */
export class UpdateNamesRequest extends UserIdRequest {
  @IsOptional()
  @MaxLength(100, { message: 'First name must be at most 100 characters' })
  @IsString()
  firstName?: string | null;

  @IsOptional()
  @MaxLength(100, { message: 'Last name must be at most 100 characters' })
  @IsString()
  lastName?: string | null;
}

export class RegisterAdminRequest extends AdminRegisterDto {
  /** client address, for the wrong-key limit */
  @IsClientAddress()
  ip: string;
}

export class LoginRequest extends LoginDto {
  /** client address, for the failed-login limit */
  @IsClientAddress()
  ip: string;

  /** admin login: a valid non-admin account gets 403 and no session */
  @IsBoolean()
  requireAdmin: boolean;
}

export interface SessionInfo {
  sid: string;
  userId: string;
  role: Role;
  expiresAt: string;
}

export interface LoginResponse {
  identity: Identity;
  session: SessionInfo;
}

export class CreateSessionRequest extends UserIdRequest {}

/** Session ids are 43 characters (32 random bytes, base64url). */
export class SessionIdRequest {
  @MaxLength(100)
  @IsString()
  sid: string;
}

export interface CheckSessionResponse {
  valid: boolean;
  session?: SessionInfo;
}

export interface SessionRevokedBroadcast {
  sid: string;
}

// ---- password change (POST /api/account/password) --------------------------------------------

/** The body: the current password proves it is the account's owner; the new one follows registration's rules. */
export class ChangePasswordDto {
  @MaxLength(128, { message: PasswordChangeMessages.wrongCurrent })
  @MinLength(1, { message: PasswordChangeMessages.currentRequired })
  @IsString({ message: PasswordChangeMessages.currentRequired })
  currentPassword: string;

  @MaxLength(128, { message: 'Password must be at most 128 characters' })
  @MinLength(6, { message: Messages.password })
  @IsString({ message: Messages.password })
  newPassword: string;
}

/**
 * auth.password.change: the signed-in user and the session they are using, which stays signed in
 * while every other session of the account ends.
 */
export class ChangePasswordRequest extends ChangePasswordDto {
  @IsUuid()
  userId: string;

  @MaxLength(100)
  @IsString()
  sid: string;
}

export interface ChangePasswordAnswer {
  message: string;
}
