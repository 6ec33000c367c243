import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ActivateUserRequest,
  AppError,
  CreatePendingUserRequest,
  Identity,
  Messages,
  pendingTakeoverAgeMs,
  RegisterAdminRequest,
  Role,
  UpdateNamesRequest,
} from '@bakery/contracts';
import { EventBus } from '@bakery/event-bus';
import { ServiceConfig } from '@bakery/platform';
import { SERVICE_CONFIG } from '@bakery/service-kit';
import { In, Repository } from 'typeorm';
import { AUTH_CONFIG, AuthConfig } from '../auth.config';
import { limitKeys, limitMessages } from '../domain/attempt-limits';
import { getsWelcomeLink } from '../domain/password-links';
import { hashPassword } from '../domain/passwords';
import { registrationKeyMatches } from '../domain/registration-key';
import { AttemptLimiter } from '../limits/attempt-limiter';
import { PasswordLinkIssuer } from '../password-reset/password-link-issuer';
import { toIdentity, UserAccount } from './user.entity';

interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  role: Role;
  status: UserAccount['status'];
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * Accounts: creation in two steps (pending, then active), look-ups, names.
 *
 * A registration attempt is its pending row, and the row's id is the attempt's id: only the saga
 * that created it can activate or discard it. Two registrations of one email meet on the unique
 * email: one inserts, the other finds the row and gets 409, in one statement. A pending row is
 * taken over only once it is older than any live saga can be (a crash left it), and the takeover
 * gives it a new id, so the crashed saga's late activate or discard finds nothing.
 */
@Injectable()
export class UsersService {
  private readonly takeoverAgeMs: number;

  constructor(
    @InjectRepository(UserAccount) private readonly users: Repository<UserAccount>,
    private readonly limiter: AttemptLimiter,
    private readonly bus: EventBus,
    private readonly links: PasswordLinkIssuer,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(SERVICE_CONFIG) serviceConfig: ServiceConfig,
  ) {
    this.takeoverAgeMs = pendingTakeoverAgeMs(serviceConfig.rpcTimeoutMs);
  }

  /**
   * First step of a registration: an account that cannot sign in yet, under a new id. A
   * self-service registration (`ip` given) first reserves an attempt of its address.
   */
  async createPending(req: CreatePendingUserRequest): Promise<Identity> {
    // the email is in its canonical form: CreatePendingUserRequest (NormalizeEmail), whoever sent it
    const email = req.email;
    if (req.ip !== undefined) {
      const reserved = await this.limiter.reserve(limitKeys.registration(req.ip), this.config.registrationMaxFailuresPerIp);
      if (!reserved) throw AppError.tooManyRequests(limitMessages(this.limitWindow()).registration);
    }
    const passwordHash = await hashPassword(req.password);
    const rows: UserRow[] = await this.users.query(
      `INSERT INTO users AS u (email, password_hash, role, status, first_name, last_name)
       VALUES ($1, $2, $3, 'pending', $4, $5)
       ON CONFLICT (email) DO UPDATE SET
         id = gen_random_uuid(),
         password_hash = EXCLUDED.password_hash,
         role = EXCLUDED.role,
         first_name = EXCLUDED.first_name,
         last_name = EXCLUDED.last_name,
         profile_image_url = NULL,
         created_at = now(),
         updated_at = now()
       WHERE u.status = 'pending' AND u.updated_at < now() - make_interval(secs => $6)
       RETURNING u.*`,
      [email, passwordHash, req.role, req.firstName ?? null, req.lastName ?? null, this.takeoverAgeMs / 1000],
    );
    if (rows.length === 0) throw AppError.conflict(Messages.emailTaken);
    return toIdentity(fromRow(rows[0]));
  }

  /**
   * Last step of a registration: only the pending row with this attempt's id becomes active (a
   * row taken over since has another id: 409). A self-service registration that succeeds gives
   * its address's reservation back; a customer an admin created gets a welcome link.
   */
  async activate(req: ActivateUserRequest): Promise<Identity> {
    const rows = await this.bus.inTransaction(async (tx) => {
      const activated: UserRow[] = await tx.manager.query(
        // (as a CTE: TypeORM answers a bare UPDATE ... RETURNING with [rows, count])
        `WITH activated AS (UPDATE users SET status = 'active', updated_at = now() WHERE id = $1 AND status = 'pending' RETURNING *)
         SELECT * FROM activated`,
        [req.userId],
      );
      // an admin-created customer is mailed a link to set their own password, with the activation or not at all
      const [user] = activated;
      if (user && getsWelcomeLink(user.role, req.ip)) {
        await this.links.issueIn(tx, { id: user.id, email: user.email, firstName: user.first_name }, 'welcome');
      }
      return activated;
    });
    if (rows.length === 0) throw AppError.conflict(Messages.emailTaken);
    if (req.ip !== undefined) await this.limiter.release(limitKeys.registration(req.ip));
    return toIdentity(fromRow(rows[0]));
  }

  /** Compensation of a failed registration: only this attempt's pending account is ever removed. */
  async discardPending(userId: string): Promise<void> {
    await this.users.delete({ id: userId, status: 'pending' });
  }

  /**
   * Admin registration: the key is compared only once an attempt of the address is reserved (a
   * correct key gives it back), so wrong keys are limited like failed sign-ins.
   */
  async registerAdmin(req: RegisterAdminRequest): Promise<Identity> {
    if (!this.config.adminRegistrationKey) throw AppError.forbidden(Messages.adminRegistrationDisabled);
    const key = limitKeys.adminKey(req.ip);
    if (!(await this.limiter.reserve(key, this.config.adminKeyMaxFailuresPerIp))) {
      throw AppError.tooManyRequests(limitMessages(this.limitWindow()).adminKey);
    }
    if (!registrationKeyMatches(req.registrationKey, this.config.adminRegistrationKey)) {
      throw AppError.forbidden(Messages.invalidRegistrationKey);
    }
    await this.limiter.release(key);
    return this.createAdmin(req);
  }

  /** A new active admin account. */
  async createAdmin(req: { email: string; password: string; firstName: string; lastName: string }): Promise<Identity> {
    const pending = await this.createPending({
      email: req.email,
      password: req.password,
      firstName: req.firstName,
      lastName: req.lastName,
      role: 'admin',
    });
    return this.activate({ userId: pending.id });
  }

  async get(userId: string): Promise<Identity> {
    return toIdentity(await this.find(userId));
  }

  /** The active accounts with a role among `ids` (one query on the primary key; the rest left out). */
  async getMany(role: Role, ids: string[]): Promise<Identity[]> {
    if (ids.length === 0) return [];
    const users = await this.users.find({ where: { id: In(ids), role, status: 'active' } });
    return users.map(toIdentity);
  }

  async updateNames(req: UpdateNamesRequest): Promise<Identity> {
    const user = await this.find(req.userId);
    if (req.firstName !== undefined) user.firstName = req.firstName;
    if (req.lastName !== undefined) user.lastName = req.lastName;
    return toIdentity(await this.users.save(user));
  }

  async findActiveByEmail(email: string): Promise<UserAccount | null> {
    return this.users.findOne({ where: { email, status: 'active' } });
  }

  private limitWindow() {
    return { windowMinutes: this.config.loginWindowMinutes };
  }

  private async find(userId: string): Promise<UserAccount> {
    const user = await this.users.findOne({ where: { id: userId } });
    if (!user) throw AppError.notFound('User not found');
    return user;
  }
}

function fromRow(row: UserRow): UserAccount {
  return Object.assign(new UserAccount(), {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    role: row.role,
    status: row.status,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}
