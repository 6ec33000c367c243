import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AppError, isUuid, CreatePendingUserRequest, Identity, Messages, Role, UpdateNamesRequest } from '@bakery/contracts';
import { Repository } from 'typeorm';
import { hashPassword } from '../domain/passwords';
import { toIdentity, UserAccount } from './user.entity';

/** Accounts: creation in two steps (pending, then active), look-ups, names. */
@Injectable()
export class UsersService {
  constructor(@InjectRepository(UserAccount) private readonly users: Repository<UserAccount>) {}

  /**
   * First step of a registration: an account that cannot sign in yet. A pending account left by an
   * earlier failed attempt with the same email is taken over, so a retry works.
   */
  async createPending(req: CreatePendingUserRequest): Promise<Identity> {
    const passwordHash = await hashPassword(req.password);
    const existing = await this.users.findOne({ where: { email: req.email } });
    if (existing && existing.status === 'active') throw AppError.conflict(Messages.emailTaken);
    const user = existing ?? this.users.create({ email: req.email });
    Object.assign(user, {
      passwordHash,
      role: req.role,
      status: 'pending',
      firstName: req.firstName ?? null,
      lastName: req.lastName ?? null,
    });
    try {
      return toIdentity(await this.users.save(user));
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw AppError.conflict(Messages.emailTaken);
      throw err;
    }
  }

  async activate(userId: string): Promise<Identity> {
    const user = await this.find(userId);
    user.status = 'active';
    return toIdentity(await this.users.save(user));
  }

  /** Compensation of a failed registration: only a pending account is ever removed. */
  async discardPending(userId: string): Promise<void> {
    await this.users.delete({ id: userId, status: 'pending' });
  }

  /** A new active admin account. */
  async createAdmin(req: { email: string; password: string; firstName: string; lastName: string }): Promise<Identity> {
    const pending = await this.createPending({ ...req, role: 'admin' });
    return this.activate(pending.id);
  }

  async get(userId: string): Promise<Identity> {
    return toIdentity(await this.find(userId));
  }

  /** Active accounts with a role, newest first. */
  async list(role: Role): Promise<Identity[]> {
    const users = await this.users.find({ where: { role, status: 'active' }, order: { createdAt: 'DESC' } });
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

  private async find(userId: string): Promise<UserAccount> {
    const user = isUuid(userId) ? await this.users.findOne({ where: { id: userId } }) : null;
    if (!user) throw AppError.notFound('User not found');
    return user;
  }
}
