import { IsEmail, IsIn, IsISO8601, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { Messages, type Role } from './constants';
import { IsClientAddress, IsUuid, NormalizeEmail } from './validation';

/**
 * Password reset and the welcome link of admin-created customers (issue 20). Auth owns passwords
 * and sessions: it issues the link's token (32 random bytes, kept only as its SHA-256), takes it
 * back once, and announces each link with `password-link.issued`, which notifications turns into
 * the email.
 */
export const PasswordResetPatterns = {
  /** ForgotPasswordRequest → ForgotPasswordAnswer, the same whatever the email (429 per address) */
  request: 'auth.password-reset.request',
  /** ResetPasswordRequest → ResetPasswordAnswer; 400 for a bad, used or expired token */
  complete: 'auth.password-reset.complete',
} as const;

/** Events auth publishes (declared beside their publisher). */
export const AuthEvents = {
  /**
   * A password link was issued (PasswordLinkIssuedEvent): notifications mails it. The event holds
   * the raw token: the email must carry it, and auth keeps only its hash (see the event's class).
   */
  passwordLinkIssued: 'password-link.issued',
} as const;

export const PASSWORD_LINK_PURPOSES = ['reset', 'welcome'] as const;
export type PasswordLinkPurpose = (typeof PASSWORD_LINK_PURPOSES)[number];

/** A token is 32 random bytes in base64url: 43 characters. */
export const PASSWORD_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** How long a link works: a reset link 1 hour, a welcome link (the account's first password) 7 days. */
export const PASSWORD_LINK_TTL_MS: Record<PasswordLinkPurpose, number> = {
  reset: 3600_000,
  welcome: 7 * 24 * 3600_000,
};

/** Where the links lead in the web app: `<PUBLIC_URL>/reset-password?token=...` (also for a welcome). */
export const PASSWORD_RESET_PATH = '/reset-password';

export const PasswordResetMessages = {
  /** the one answer to every well-formed request (202), whether the email has an account or not */
  accepted: 'If an account exists for this email, a link to reset its password is on its way.',
  /** a token that is malformed, unknown, used or expired: all alike */
  invalidToken: 'This link is invalid, has expired or was already used: please ask for a new one',
  tooMany: (windowMinutes: number) => `Too many password reset requests. Please try again in ${windowMinutes} minutes.`,
} as const;

// ---- HTTP bodies ------------------------------------------------------------------------------

/** POST /api/auth/forgot-password */
export class ForgotPasswordDto {
  @NormalizeEmail()
  @MaxLength(254, { message: Messages.email })
  @IsEmail({}, { message: Messages.email })
  email: string;
}

/** POST /api/auth/reset-password: the password follows registration's rules (LoginDto). */
export class ResetPasswordDto {
  @MaxLength(100, { message: PasswordResetMessages.invalidToken })
  @IsString({ message: PasswordResetMessages.invalidToken })
  token: string;

  @MaxLength(128, { message: 'Password must be at most 128 characters' })
  @MinLength(6, { message: Messages.password })
  @IsString({ message: Messages.password })
  password: string;
}

// ---- NATS payloads and answers ------------------------------------------------------------------

export class ForgotPasswordRequest extends ForgotPasswordDto {
  /** client address, for the per-address limit */
  @IsClientAddress()
  ip: string;
}

export class ResetPasswordRequest extends ResetPasswordDto {}

export interface ForgotPasswordAnswer {
  message: string;
}

/** The role tells the web app where to sign in next (`/` or `/admin/login`). */
export interface ResetPasswordAnswer {
  ok: true;
  role: Role;
}

/**
 * password-link.issued. *Decision:* the raw token travels in this event (auth's outbox, the
 * stream, notifications' mail row) because the email must carry it and auth keeps only its hash.
 * It is worth nothing once used or past `expiresAt` (1 hour for a reset), notifications blanks the
 * mail's body once it is sent, and whoever can read the event stream can already send any service
 * any request (NATS is the services' trusted bus), so it opens nothing new.
 */
export class PasswordLinkIssuedEvent {
  @IsUuid()
  userId!: string;

  @MaxLength(254)
  @IsString()
  email!: string;

  @Matches(PASSWORD_TOKEN_PATTERN)
  @IsString()
  token!: string;

  @IsIn(PASSWORD_LINK_PURPOSES)
  purpose!: PasswordLinkPurpose;

  @IsISO8601({ strict: true })
  expiresAt!: string;

  @IsOptional()
  @MaxLength(100)
  @IsString()
  firstName?: string | null;
}
