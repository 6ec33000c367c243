import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  AppError,
  AuthPatterns,
  BusinessProfile,
  CustomerAccount,
  CustomersPage,
  DeliveryDetails,
  ErrorCode,
  Identity,
  ListCustomersRequest,
  NewCustomerRequest,
  OrderContact,
  PAGE_CURSOR_TIME_FORMAT,
  PAGE_LIMIT_DEFAULT,
  UpdateCustomerRequest,
  UserIdsRequest,
} from '@bakery/contracts';
import { RpcClient, type Logger } from '@bakery/platform';
import { SERVICE_LOGGER } from '@bakery/service-kit';
import { Repository } from 'typeorm';
import { CustomerProfile, toBusinessProfile, toCustomerAccount, toDeliveryDetails } from '../profiles/profile.entity';
import { CopyAsRead, copiesToWrite, CopyWrite, customerListWhere } from './customer-list.query';

type ProfileFields = Pick<NewCustomerRequest, 'businessName' | 'businessType' | 'phone' | 'address'> & Pick<UpdateCustomerRequest, 'dropPosition'>;

/** A row of customer_profiles as a page reads it, with where the page would end after it. */
interface ProfileRow {
  user_id: string;
  business_name: string | null;
  business_type: CustomerProfile['businessType'];
  phone: string | null;
  address: string | null;
  drop_position: number | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  identity_copied: boolean;
  created_at: Date;
  updated_at: Date;
  cursor_at: string;
}

function profileOf(row: ProfileRow): CustomerProfile {
  return Object.assign(new CustomerProfile(), {
    userId: row.user_id,
    businessName: row.business_name,
    businessType: row.business_type,
    phone: row.phone,
    address: row.address,
    dropPosition: row.drop_position,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    identityCopied: row.identity_copied,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

function copyAsRead(p: Pick<CustomerProfile, 'userId' | 'email' | 'firstName' | 'lastName' | 'identityCopied'>): CopyAsRead {
  return { userId: p.userId, email: p.email, firstName: p.firstName, lastName: p.lastName, identityCopied: p.identityCopied };
}

/**
 * Customer accounts span two services: auth keeps the identity, this service the business
 * profile. Registration is a small saga: a pending identity (cannot sign in), then the profile,
 * then activation. The pending identity's id is this attempt's own: a concurrent registration of
 * the same email gets 409 from auth instead of sharing it, and only this saga can activate or
 * discard it. If the profile cannot be stored, the pending identity is discarded; one left by a
 * crash is taken over by a later registration (under a new id) once it is old enough.
 */
@Injectable()
export class AccountsService {
  constructor(
    @InjectRepository(CustomerProfile) private readonly profiles: Repository<CustomerProfile>,
    private readonly rpc: RpcClient,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  /** `req.ip`: the client address of a self-service registration (auth limits them per address). */
  async create(req: NewCustomerRequest): Promise<CustomerAccount> {
    const pending = await this.rpc.request<Identity>(AuthPatterns.createPendingUser, {
      email: req.email,
      password: req.password,
      role: 'customer',
      firstName: req.firstName,
      lastName: req.lastName,
      ip: req.ip,
    });
    let profile: CustomerProfile;
    try {
      profile = await this.writeNewProfile(pending.id, req, pending);
    } catch (err) {
      await this.rpc.request(AuthPatterns.discardPendingUser, { userId: pending.id }).catch(() => undefined);
      throw err;
    }
    const identity = await this.rpc
      .request<Identity>(AuthPatterns.activateUser, { userId: pending.id, ip: req.ip })
      .catch(async (err: AppError) => {
        // 409: this attempt's identity is gone (taken over after a stall): its profile never belongs to anyone
        if (err.code === ErrorCode.Conflict) await this.profiles.delete({ userId: pending.id }).catch(() => undefined);
        throw err;
      });
    return toCustomerAccount(identity, profile);
  }

  /**
   * One page of the directory, newest first, searched by business name, name or email: this
   * table alone is paged and searched (it keeps copies of the email and names), then auth is
   * asked for the identities of that page only, in one request. Every customer account has a
   * profile row (registration writes it before the account can sign in); a row whose account is
   * not an active customer (a registration still completing, or one that stopped midway) is left
   * out of its page, so a page can be shorter than `limit` and still have a next one. The total
   * counts rows, such rows included. A copy found to differ from auth's is written again.
   */
  async list(req: ListCustomersRequest): Promise<CustomersPage> {
    const limit = req.limit ?? PAGE_LIMIT_DEFAULT;
    const where = customerListWhere(req.q, req.after ?? null);
    // one row more than the page: whether there is a next page, without a page that comes back empty
    const [rows, total] = await Promise.all([
      this.profiles.query(
        `SELECT user_id, business_name, business_type, phone, address, drop_position, email, first_name, last_name, identity_copied, created_at, updated_at,
                to_char(created_at AT TIME ZONE 'UTC', '${PAGE_CURSOR_TIME_FORMAT}') AS cursor_at
           FROM customer_profiles ${where.sql}
          ORDER BY created_at DESC, user_id DESC LIMIT $${where.params.length + 1}`,
        [...where.params, limit + 1],
      ) as Promise<ProfileRow[]>,
      req.withTotal ? this.count(req.q) : Promise.resolve(undefined),
    ]);
    const counted = total === undefined ? {} : { total };
    const page = rows.slice(0, limit);
    if (page.length === 0) return { customers: [], next: null, ...counted };

    const identities = await this.identitiesOf(page.map((row) => row.user_id));
    const byId = new Map(identities.map((identity) => [identity.id, identity]));
    const profiles = page.map(profileOf);
    const customers = profiles.flatMap((profile) => {
      const identity = byId.get(profile.userId);
      return identity ? [toCustomerAccount(identity, profile)] : [];
    });
    // a repair of the copies must not fail the read: the next read (or the backfill) tries again
    await this.writeCopies(copiesToWrite(profiles.map(copyAsRead), identities, { markMissing: false })).catch((err: unknown) =>
      this.logger.warn({ err }, 'could not write the identity copies of a directory page'),
    );
    const last = page[page.length - 1];
    return { customers, next: rows.length > limit ? { createdAt: last.cursor_at, id: last.user_id } : null, ...counted };
  }

  /**
   * One batch of the backfill (IdentityCopyBackfill): up to `batch` rows not marked as copied,
   * after `afterId` (by user id), copied from auth in one request. Answers where the next batch
   * starts, or null when this was the last.
   */
  async copyIdentities(afterId: string | null, batch: number): Promise<string | null> {
    const rows: { user_id: string; email: string | null; first_name: string | null; last_name: string | null }[] = await this.profiles.query(
      `SELECT user_id, email, first_name, last_name FROM customer_profiles
        WHERE NOT identity_copied ${afterId ? 'AND user_id > $2::uuid' : ''} ORDER BY user_id LIMIT $1`,
      afterId ? [batch, afterId] : [batch],
    );
    if (rows.length === 0) return null;
    const identities = await this.identitiesOf(rows.map((row) => row.user_id));
    const read = rows.map((row) => ({ userId: row.user_id, email: row.email, firstName: row.first_name, lastName: row.last_name, identityCopied: false }));
    await this.writeCopies(copiesToWrite(read, identities, { markMissing: true }));
    return rows.length < batch ? null : rows[rows.length - 1].user_id;
  }

  async get(userId: string): Promise<CustomerAccount> {
    const identity = await this.customerIdentity(userId);
    return toCustomerAccount(identity, await this.profiles.findOne({ where: { userId } }));
  }

  async update(req: UpdateCustomerRequest): Promise<CustomerAccount> {
    let identity = await this.customerIdentity(req.userId);
    if (req.firstName !== undefined || req.lastName !== undefined) {
      // The names change in auth, then their copy here (saveProfile): marked as not auth's until
      // then, so a stop in between leaves a row the backfill copies again, not a stale copy.
      await this.profiles.query(`UPDATE customer_profiles SET identity_copied = false WHERE user_id = $1`, [req.userId]);
      identity = await this.rpc.request<Identity>(AuthPatterns.updateNames, {
        userId: req.userId,
        firstName: req.firstName,
        lastName: req.lastName,
      });
    }
    const profile = await this.saveProfile(req.userId, req, identity);
    return toCustomerAccount(identity, profile);
  }

  async getProfile(userId: string): Promise<BusinessProfile | null> {
    const profile = await this.profiles.findOne({ where: { userId } });
    return profile ? toBusinessProfile(profile) : null;
  }

  /**
   * What an order keeps of its customer, from this service's own table: one query, no call to
   * auth (the email is a copy). A row without the copy asks auth once and keeps the answer.
   */
  async orderContact(userId: string): Promise<OrderContact> {
    const profile = await this.profiles.findOne({ where: { userId } });
    if (profile?.email) return { businessName: profile.businessName, email: profile.email, phone: profile.phone };
    const identity = await this.customerIdentity(userId);
    if (profile) await this.profiles.update({ userId }, { email: identity.email });
    return { businessName: profile?.businessName ?? null, email: identity.email, phone: profile?.phone ?? null };
  }

  /**
   * Where and how to deliver to these customers, from this table alone (no call to auth): the run
   * sheet's and packing slips' address, phone and drop position. Unknown ids are left out.
   */
  async deliveryDetails(userIds: string[]): Promise<DeliveryDetails[]> {
    const ids = [...new Set(userIds.map((id) => id.toLowerCase()))];
    if (ids.length === 0) return [];
    const rows: { userId: string; businessName: string | null; address: string | null; phone: string | null; dropPosition: number | null }[] =
      await this.profiles.query(
        `SELECT user_id AS "userId", business_name AS "businessName", address, phone, drop_position AS "dropPosition"
           FROM customer_profiles WHERE user_id = ANY($1::uuid[])`,
        [ids],
      );
    return rows.map(toDeliveryDetails);
  }

  /** How many rows a search matches (all rows without one): a row per customer, so cheap (100,000 in about 10 ms). */
  private async count(q: string | undefined): Promise<number> {
    const where = customerListWhere(q, null);
    const [{ n }]: { n: number }[] = await this.profiles.query(`SELECT count(*)::int AS n FROM customer_profiles ${where.sql}`, where.params);
    return n;
  }

  /** The active customer accounts among `ids` (at most a page), in one request to auth. */
  private identitiesOf(ids: string[]): Promise<Identity[]> {
    return this.rpc.request<Identity[]>(AuthPatterns.getUsers, { role: 'customer', ids } satisfies UserIdsRequest);
  }

  /**
   * Writes copies in one statement, each only where the row still holds what was read (a name
   * change saved meanwhile is never overwritten with what was read before it). `updated_at` stays:
   * a copy is no edit of the profile.
   */
  private async writeCopies(writes: CopyWrite[]): Promise<void> {
    if (writes.length === 0) return;
    const column = <T>(pick: (w: CopyWrite) => T) => writes.map(pick);
    await this.profiles.query(
      `UPDATE customer_profiles AS p SET
          email = CASE WHEN c.has_copy THEN c.email ELSE p.email END,
          first_name = CASE WHEN c.has_copy THEN c.first_name ELSE p.first_name END,
          last_name = CASE WHEN c.has_copy THEN c.last_name ELSE p.last_name END,
          identity_copied = true
         FROM unnest($1::uuid[], $2::boolean[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[], $8::varchar[], $9::boolean[])
           AS c(user_id, has_copy, email, first_name, last_name, seen_email, seen_first_name, seen_last_name, seen_copied)
        WHERE p.user_id = c.user_id
          AND p.email IS NOT DISTINCT FROM c.seen_email
          AND p.first_name IS NOT DISTINCT FROM c.seen_first_name
          AND p.last_name IS NOT DISTINCT FROM c.seen_last_name
          AND p.identity_copied = c.seen_copied`,
      [
        column((w) => w.userId),
        column((w) => w.copy !== null),
        column((w) => w.copy?.email ?? null),
        column((w) => w.copy?.firstName ?? null),
        column((w) => w.copy?.lastName ?? null),
        column((w) => w.seen.email),
        column((w) => w.seen.firstName),
        column((w) => w.seen.lastName),
        column((w) => w.seen.identityCopied),
      ],
    );
  }

  /** The profile of a new registration: every field written, nothing kept from an earlier row. */
  private writeNewProfile(userId: string, fields: ProfileFields, identity: Identity): Promise<CustomerProfile> {
    return this.profiles.save(
      this.profiles.create({
        userId,
        email: identity.email,
        firstName: identity.firstName,
        lastName: identity.lastName,
        identityCopied: true,
        businessName: fields.businessName ?? null,
        businessType: fields.businessType ?? null,
        phone: fields.phone ?? null,
        address: fields.address ?? null,
      }),
    );
  }

  /**
   * Updates (or creates) the profile: an undefined field keeps its value, null clears it; the
   * copies of the email and names become `identity`'s (auth's, as it answered this update).
   */
  private async saveProfile(userId: string, fields: ProfileFields, identity: Identity): Promise<CustomerProfile> {
    const profile =
      (await this.profiles.findOne({ where: { userId } })) ??
      this.profiles.create({ userId, businessName: null, businessType: null, phone: null, address: null, dropPosition: null });
    profile.email = identity.email;
    profile.firstName = identity.firstName;
    profile.lastName = identity.lastName;
    profile.identityCopied = true;
    if (fields.businessName !== undefined) profile.businessName = fields.businessName;
    if (fields.businessType !== undefined) profile.businessType = fields.businessType;
    if (fields.phone !== undefined) profile.phone = fields.phone;
    if (fields.address !== undefined) profile.address = fields.address;
    if (fields.dropPosition !== undefined) profile.dropPosition = fields.dropPosition;
    return this.profiles.save(profile);
  }

  private async customerIdentity(userId: string): Promise<Identity> {
    const identity = await this.rpc.request<Identity>(AuthPatterns.getUser, { userId }).catch((err: AppError) => {
      throw err.code === 'NOT_FOUND' ? AppError.notFound('Customer not found') : err;
    });
    if (identity.role !== 'customer') throw AppError.notFound('Customer not found');
    return identity;
  }
}
