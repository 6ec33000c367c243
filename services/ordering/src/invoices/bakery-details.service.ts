import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type BakeryDetails, BakeryDetailsDto, DEFAULT_BAKERY_DETAILS } from '@bakery/contracts';
import { type EntityManager, Repository } from 'typeorm';
import { Configuration } from '../pricing/configuration.entity';

/** Where each detail lives in `configurations` (ordering's key/value settings, beside the delivery fee and tax rate). */
const KEYS: Record<keyof BakeryDetails, { key: string; description: string }> = {
  name: { key: 'bakery_name', description: "The bakery's name, on every document" },
  address: { key: 'bakery_address', description: "The bakery's address, on invoices" },
  taxId: { key: 'bakery_tax_id', description: "The bakery's tax id, on invoices" },
  paymentInstructions: { key: 'bakery_payment_instructions', description: 'How to pay, on invoices' },
};
const FIELDS = Object.keys(KEYS) as (keyof BakeryDetails)[];

/**
 * The bakery's details (name, address, tax id, payment instructions): settings the admin edits
 * now and then, printed on every document and copied into each invoice as they are when it is
 * issued. They live in `configurations`, as pricing does: four keys written by one upsert
 * statement (all or nothing), no table of their own to migrate. Absent: DEFAULT_BAKERY_DETAILS.
 */
@Injectable()
export class BakeryDetailsService {
  constructor(@InjectRepository(Configuration) private readonly configurations: Repository<Configuration>) {}

  /** The details now; inside a transaction with its `manager` (an invoice copies them as that transaction sees them). */
  async get(manager: EntityManager = this.configurations.manager): Promise<BakeryDetails> {
    const rows = await manager.find(Configuration, { where: FIELDS.map((field) => ({ key: KEYS[field].key })) });
    const details = { ...DEFAULT_BAKERY_DETAILS };
    for (const field of FIELDS) {
      const row = rows.find((r) => r.key === KEYS[field].key);
      if (row) details[field] = row.value;
    }
    return details;
  }

  /** Replaces them (validated and trimmed by BakeryDetailsDto; an absent text is empty). */
  async set(dto: BakeryDetailsDto): Promise<BakeryDetails> {
    const details: BakeryDetails = { name: dto.name, address: dto.address ?? '', taxId: dto.taxId ?? '', paymentInstructions: dto.paymentInstructions ?? '' };
    await this.configurations.upsert(
      FIELDS.map((field) => ({ key: KEYS[field].key, value: details[field], description: KEYS[field].description })),
      ['key'],
    );
    return this.get();
  }
}
