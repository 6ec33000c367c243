import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  AppError,
  AuthPatterns,
  BusinessProfile,
  composeUser,
  CustomerAccount,
  ErrorCode,
  Identity,
  NewCustomerRequest,
  OrderContact,
  UpdateCustomerRequest,
} from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { In, Repository } from 'typeorm';
import { CustomerProfile, toBusinessProfile } from '../profiles/profile.entity';

type ProfileFields = Pick<NewCustomerRequest, 'businessName' | 'businessType' | 'phone' | 'address'>;

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
      profile = await this.writeNewProfile(pending.id, req, pending.email);
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
    return composeUser(identity, toBusinessProfile(profile));
  }

  /** Every customer account with its profile, newest first. */
  async list(): Promise<CustomerAccount[]> {
    const identities = await this.rpc.request<Identity[]>(AuthPatterns.listUsers, { role: 'customer' });
    const profiles = identities.length
      ? await this.profiles.find({ where: { userId: In(identities.map((i) => i.id)) } })
      : [];
    const byUser = new Map(profiles.map((p) => [p.userId, toBusinessProfile(p)]));
    return identities.map((identity) => composeUser(identity, byUser.get(identity.id)));
  }

  async get(userId: string): Promise<CustomerAccount> {
    const identity = await this.customerIdentity(userId);
    return composeUser(identity, await this.getProfile(userId));
  }

  async update(req: UpdateCustomerRequest): Promise<CustomerAccount> {
    let identity = await this.customerIdentity(req.userId);
    if (req.firstName !== undefined || req.lastName !== undefined) {
      identity = await this.rpc.request<Identity>(AuthPatterns.updateNames, {
        userId: req.userId,
        firstName: req.firstName,
        lastName: req.lastName,
      });
    }
    const profile = await this.saveProfile(req.userId, req);
    return composeUser(identity, toBusinessProfile(profile));
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

  /** The profile of a new registration: every field written, nothing kept from an earlier row. */
  private writeNewProfile(userId: string, fields: ProfileFields, email: string): Promise<CustomerProfile> {
    return this.profiles.save(
      this.profiles.create({
        userId,
        email,
        businessName: fields.businessName ?? null,
        businessType: fields.businessType ?? null,
        phone: fields.phone ?? null,
        address: fields.address ?? null,
      }),
    );
  }

  /** Updates (or creates) the profile: an undefined field keeps its value, null clears it. */
  private async saveProfile(userId: string, fields: ProfileFields): Promise<CustomerProfile> {
    const profile =
      (await this.profiles.findOne({ where: { userId } })) ??
      this.profiles.create({ userId, businessName: null, businessType: null, phone: null, address: null, email: null });
    if (fields.businessName !== undefined) profile.businessName = fields.businessName;
    if (fields.businessType !== undefined) profile.businessType = fields.businessType;
    if (fields.phone !== undefined) profile.phone = fields.phone;
    if (fields.address !== undefined) profile.address = fields.address;
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
