import { Inject, Injectable } from '@nestjs/common';
import { AppError, type ChangePasswordAnswer, ChangePasswordRequest, PasswordChangeMessages } from '@bakery/contracts';
import { DataSource } from 'typeorm';
import { AUTH_CONFIG, type AuthConfig } from '../auth.config';
import { limitKeys } from '../domain/attempt-limits';
import { hashPassword, verifyPassword } from '../domain/passwords';
import { AttemptLimiter } from '../limits/attempt-limiter';
import { SessionsService } from '../sessions/sessions.service';

/**
 * A signed-in user sets a new password by giving the current one (the Account page). Guesses of
 * the current password are limited per account like sign-ins (domain/attempt-limits.ts); a change
 * ends every other session of the account, in the same transaction, and keeps the caller's.
 */
@Injectable()
export class PasswordChangeService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly limiter: AttemptLimiter,
    private readonly sessions: SessionsService,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  async change(req: ChangePasswordRequest): Promise<ChangePasswordAnswer> {
    const key = limitKeys.passwordChange(req.userId);
    if (!(await this.limiter.reserve(key, this.config.loginMaxFailures))) {
      throw AppError.tooManyRequests(PasswordChangeMessages.tooMany(this.config.loginWindowMinutes));
    }
    const [user]: { password_hash: string }[] = await this.dataSource.query(
      `SELECT password_hash FROM users WHERE id = $1 AND status = 'active'`,
      [req.userId],
    );
    if (!user) throw AppError.notFound('User not found');
    if (!(await verifyPassword(user.password_hash, req.currentPassword))) {
      throw AppError.validation({ currentPassword: [PasswordChangeMessages.wrongCurrent] });
    }
    await this.limiter.clear(key);
    if (req.newPassword === req.currentPassword) throw AppError.validation({ newPassword: [PasswordChangeMessages.sameAsCurrent] });

    const passwordHash = await hashPassword(req.newPassword);
    const ended = await this.dataSource.transaction(async (manager) => {
      // only if the hash is still the one checked: of two concurrent changes, the second must prove the new password
      const [changed]: unknown[] = await manager.query(
        `WITH changed AS (UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1 AND password_hash = $3 RETURNING id)
         SELECT id FROM changed`,
        [req.userId, passwordHash, user.password_hash],
      );
      if (!changed) throw AppError.validation({ currentPassword: [PasswordChangeMessages.wrongCurrent] });
      // open reset links were asked for with the old password in mind: a link must not undo this change
      await manager.query(`UPDATE password_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [req.userId]);
      return this.sessions.endAllIn(manager, req.userId, req.sid);
    });
    this.sessions.announceRevoked(ended);
    return { message: PasswordChangeMessages.changed };
  }
}
