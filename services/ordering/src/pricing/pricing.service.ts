import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DEFAULT_PRICING, effectiveTerms, formatCents, parseAmount, PricingAnswer, PricingDto, PricingSettings } from '@bakery/contracts';
import { Repository } from 'typeorm';
import { Configuration } from './configuration.entity';
import { CustomerTermsClient } from './customer-terms.client';

const DELIVERY_FEE = 'delivery_fee';
const TAX_RATE = 'tax_rate';
const MINIMUM_ORDER = 'minimum_order';
const FREE_DELIVERY_THRESHOLD = 'free_delivery_threshold';

/**
 * The bakery's pricing settings, from `configurations`: delivery fee and tax rate (the spec's
 * defaults when absent), and the bakery-wide minimum order and free-delivery threshold (none
 * when absent: exactly the spec's behaviour). Customers' own overrides are the customers
 * service's (CustomerTermsClient).
 */
@Injectable()
export class PricingService {
  constructor(
    @InjectRepository(Configuration) private readonly configurations: Repository<Configuration>,
    private readonly terms: CustomerTermsClient,
  ) {}

  async get(): Promise<PricingSettings> {
    const rows = await this.configurations.find();
    const value = (key: string) => rows.find((r) => r.key === key)?.value;
    return {
      deliveryFee: value(DELIVERY_FEE) ?? DEFAULT_PRICING.deliveryFee,
      taxRate: value(TAX_RATE) ?? DEFAULT_PRICING.taxRate,
      minimumOrder: value(MINIMUM_ORDER) ?? null,
      freeDeliveryThreshold: value(FREE_DELIVERY_THRESHOLD) ?? null,
    };
  }

  /** GET /api/config/pricing: the settings, and for a customer the terms that apply to them (their overrides, else these). */
  async answer(customerId: string | undefined): Promise<PricingAnswer> {
    if (!customerId) return this.get();
    const [settings, resolved] = await Promise.all([this.get(), this.terms.resolve(customerId)]);
    return { ...settings, own: effectiveTerms(settings, resolved) };
  }

  /**
   * Stores validated values in canonical form ("5" → "5.00"; rates keep their digits). A minimum
   * or threshold left out keeps its value; null removes it.
   */
  async set(pricing: PricingDto): Promise<PricingSettings> {
    const amount = (value: string) => formatCents(parseAmount(value));
    const rows = [
      { key: DELIVERY_FEE, value: amount(pricing.deliveryFee), description: 'Delivery fee per order' },
      { key: TAX_RATE, value: pricing.taxRate, description: 'Tax rate applied to the subtotal (0.085 = 8.5%)' },
    ];
    const removed: string[] = [];
    const optional = [
      [MINIMUM_ORDER, pricing.minimumOrder, 'Minimum order value (subtotal after customer prices)'],
      [FREE_DELIVERY_THRESHOLD, pricing.freeDeliveryThreshold, 'Subtotal from which delivery is free'],
    ] as const;
    for (const [key, value, description] of optional) {
      if (value === null) removed.push(key);
      else if (value !== undefined) rows.push({ key, value: amount(value), description });
    }
    await this.configurations.manager.transaction(async (m) => {
      await m.getRepository(Configuration).upsert(rows, ['key']);
      if (removed.length > 0) await m.getRepository(Configuration).delete(removed.map((key) => ({ key })));
    });
    return this.get();
  }
}
