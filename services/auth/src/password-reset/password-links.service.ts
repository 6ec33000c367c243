import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  type ForgotPasswordAnswer,
  ForgotPasswordRequest,
  PasswordResetMessages,
  type ResetPasswordAnswer,
  ResetPasswordRequest,
  type Role,
} from '@bakery/contracts';
import { EventBus } from '@bakery/event-bus';
import { PeriodicTask, type Logger } from '@bakery/platform';
import { SERVICE_LOGGER } from '@bakery/service-kit';
import { DataSource } from 'typeorm';
import { AUTH_CONFIG, type AuthConfig } from '../auth.config';
import { limitKeys } from '../domain/attempt-limits';
import { isWellFormedPasswordToken, PASSWORD_RESET_LIMITS, passwordTokenHash } from '../domain/password-links';
import { hashPassword } from '../domain/passwords';
import { AttemptLimiter } from '../limits/attempt-limiter';
import { SessionsService } from '../sessions/sessions.service';
import { PasswordLinkIssuer } from './password-link-issuer';

/** Used and expired links are kept a day (for a look after a complaint), then deleted. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * Password links: "forgot password" issues a reset link (1 hour), an admin-created customer gets a
 * welcome link (7 days); either sets a new password once. Each link is a row of `password_tokens`
 * (the token's hash) and a `password-link.issued` event in the same transaction, which
 * notifications mails. A new password ends every session of the account (each gateway hears it).
 */
@Injectable()
export class PasswordLinksService implements OnApplicationBootstrap, OnModuleDestroy {
  /** requests answered whose link is still being issued (awaited at shutdown) */
  private readonly inFlight = new Set<Promise<void>>();
  private readonly sweeper: PeriodicTask;

  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: EventBus,
    private readonly limiter: AttemptLimiter,
    private readonly sessions: SessionsService,
    private readonly issuer: PasswordLinkIssuer,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {
    this.sweeper = new PeriodicTask(
      SWEEP_EVERY_MS,
      () => this.dataSource.query(`DELETE FROM password_tokens WHERE expires_at < now() - interval '1 day'`),
      (err) => logger.warn({ err }, 'password link sweep failed; will retry'),
    );
  }

  onApplicationBootstrap(): void {
    this.sweeper.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.sweeper.stop();
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * "Forgot password": the same answer whatever the email. Only the address's limit is checked
   * before answering (429 says nothing about the email); looking the email up and issuing the link
   * happen after the answer, so an email with an account takes no longer to answer than one without.
   */
  async request(req: ForgotPasswordRequest): Promise<ForgotPasswordAnswer> {
    if (!(await this.limiter.reserve(limitKeys.passwordResetAddress(req.ip), PASSWORD_RESET_LIMITS.perAddress))) {
      throw AppError.tooManyRequests(PasswordResetMessages.tooMany(this.config.loginWindowMinutes));
    }
    const work = this.mailResetLink(req.email)
      .catch((err) => this.logger.error({ err }, 'a password reset link could not be issued'))
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
    return { message: PasswordResetMessages.accepted };
  }

  /**
   * Sets the new password of the link's account, once: the token is taken (and every other open
   * link of the account voided), the password changed and every session of the account ended in
   * one transaction. A token that is malformed, unknown, used or expired is one and the same 400.
   */
  async complete(req: ResetPasswordRequest): Promise<ResetPasswordAnswer> {
    // a 400 about the state of things (never issued, used, expired), not about the request's form: no field errors
    const invalid = () => new AppError(ErrorCode.ValidationFailed, PasswordResetMessages.invalidToken);
    if (!isWellFormedPasswordToken(req.token)) throw invalid();
    const tokenHash = passwordTokenHash(req.token);
    // a look first, so a bad token costs no password hashing
    const live: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM password_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
      [tokenHash],
    );
    if (live.length === 0) throw invalid();
    const passwordHash = await hashPassword(req.password);
    const role = await this.bus.inTransaction(async (tx) => {
      const [taken]: { user_id: string }[] = await tx.manager.query(
        `WITH taken AS (
           UPDATE password_tokens SET used_at = now()
            WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
           RETURNING user_id)
         SELECT user_id FROM taken`,
        [tokenHash],
      );
      if (!taken) throw invalid(); // taken by a concurrent request meanwhile
      const [user]: { role: Role }[] = await tx.manager.query(
        `WITH changed AS (
           UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1 AND status = 'active' RETURNING role)
         SELECT role FROM changed`,
        [taken.user_id, passwordHash],
      );
      if (!user) throw invalid();
      await tx.manager.query(`UPDATE password_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [taken.user_id]);
      const ended = await this.sessions.endAllIn(tx.manager, taken.user_id);
      tx.afterCommit(() => this.sessions.announceRevoked(ended));
      return user.role;
    });
    return { ok: true, role };
  }

  /** After the answer: the email's own limit (over it: no mail, same answer), then the link if the account exists. */
  private async mailResetLink(email: string): Promise<void> {
    if (!(await this.limiter.reserve(limitKeys.passwordResetEmail(email), PASSWORD_RESET_LIMITS.perEmail))) return;
    const [owner]: { id: string; email: string; first_name: string | null }[] = await this.dataSource.query(
      `SELECT id, email, first_name FROM users WHERE email = $1 AND status = 'active'`,
      [email],
    );
    if (!owner) return;
    await this.bus.inTransaction((tx) => this.issuer.issueIn(tx, { id: owner.id, email: owner.email, firstName: owner.first_name }, 'reset'));
  }
}
