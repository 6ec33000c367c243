import { Identity, Role } from './users';

/** Request/reply patterns of the auth service (subject `<ns>.rpc.<pattern>`). */
export const AuthPatterns = {
  /** creates an account that cannot sign in yet (first step of registration) */
  createPendingUser: 'auth.users.createPending',
  /** lets a pending account sign in (last step of registration) */
  activateUser: 'auth.users.activate',
  /** compensation: removes a pending account whose registration failed */
  discardPendingUser: 'auth.users.discardPending',
  getUser: 'auth.users.get',
  listUsers: 'auth.users.list',
  updateNames: 'auth.users.updateNames',
  registerAdmin: 'auth.admins.register',
  login: 'auth.login',
  createSession: 'auth.sessions.create',
  checkSession: 'auth.sessions.check',
  revokeSession: 'auth.sessions.revoke',
} as const;

/** Broadcast topics auth sends to every gateway instance (`<ns>.broadcast.<topic>`). */
export const AuthBroadcasts = {
  sessionRevoked: 'session.revoked',
} as const;

export interface CreatePendingUserRequest {
  email: string;
  password: string;
  role: Role;
  firstName?: string;
  lastName?: string;
  /**
   * client address of a self-service registration, for the per-address registration limit
   * (absent: no limit, e.g. a customer an administrator creates)
   */
  ip?: string;
}

export interface UserIdRequest {
  userId: string;
}

/**
 * Last step of a registration: activates the pending account with this id (the id is the
 * registration attempt's own; a taken-over attempt's id no longer names anything).
 */
export interface ActivateUserRequest extends UserIdRequest {
  /** the address createPending was given: a registration that succeeds gives its reservation back */
  ip?: string;
}

export interface ListUsersRequest {
  role: Role;
}

export interface UpdateNamesRequest {
  userId: string;
  firstName?: string | null;
  lastName?: string | null;
}

export interface RegisterAdminRequest {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  registrationKey: string;
  /** client address, for the wrong-key limit */
  ip: string;
}

export interface LoginRequest {
  email: string;
  password: string;
  /** client address, for the failed-login limit */
  ip: string;
  /** admin login: a valid non-admin account gets 403 and no session */
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

export interface CreateSessionRequest {
  userId: string;
}

export interface SessionIdRequest {
  sid: string;
}

export interface CheckSessionResponse {
  valid: boolean;
  session?: SessionInfo;
}

export interface SessionRevokedBroadcast {
  sid: string;
}
