import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsController } from './accounts/accounts.controller';
import { AccountsService } from './accounts/accounts.service';
import { IdentityCopyBackfill } from './accounts/identity-copy-backfill';
import { CustomerProfile } from './profiles/profile.entity';
import { CustomerTermsService } from './terms/customer-terms.service';
import { PriceListsService } from './terms/price-lists.service';
import { TermsBroadcaster } from './terms/terms-broadcaster';
import { TermsController } from './terms/terms.controller';

/** Business profiles, the customer directory (accounts composed with auth's identities) and customer terms (price lists, minimum, hold). */
@Module({
  imports: [TypeOrmModule.forFeature([CustomerProfile])],
  controllers: [AccountsController, TermsController],
  providers: [AccountsService, IdentityCopyBackfill, PriceListsService, CustomerTermsService, TermsBroadcaster],
})
export class CustomersModule {}
