import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DEFAULT_PRICING, formatCents, parseAmount, Pricing } from '@bakery/contracts';
import { Repository } from 'typeorm';
import { Configuration } from './configuration.entity';

const DELIVERY_FEE = 'delivery_fee';
const TAX_RATE = 'tax_rate';

/** Delivery fee and tax rate, from `configurations`, with the spec's defaults when absent. */
@Injectable()
export class PricingService {
  constructor(@InjectRepository(Configuration) private readonly configurations: Repository<Configuration>) {}

  async get(): Promise<Pricing> {
    const rows = await this.configurations.find();
    const value = (key: string) => rows.find((r) => r.key === key)?.value;
    return {
      deliveryFee: value(DELIVERY_FEE) ?? DEFAULT_PRICING.deliveryFee,
      taxRate: value(TAX_RATE) ?? DEFAULT_PRICING.taxRate,
    };
  }

  /** Stores validated values in canonical form ("5" → "5.00"; rates keep their digits). */
  async set(pricing: Pricing): Promise<Pricing> {
    const fee = formatCents(parseAmount(pricing.deliveryFee));
    await this.configurations.upsert(
      [
        { key: DELIVERY_FEE, value: fee, description: 'Delivery fee per order' },
        { key: TAX_RATE, value: pricing.taxRate, description: 'Tax rate applied to the subtotal (0.085 = 8.5%)' },
      ],
      ['key'],
    );
    return this.get();
  }
}
