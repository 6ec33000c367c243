import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsController } from './accounts/accounts.controller';
import { AccountsService } from './accounts/accounts.service';
import { IdentityCopyBackfill } from './accounts/identity-copy-backfill';
import { CustomerProfile } from './profiles/profile.entity';

/** Business profiles and the customer directory (accounts composed with auth's identities). */
@Module({
  imports: [TypeOrmModule.forFeature([CustomerProfile])],
  controllers: [AccountsController],
  providers: [AccountsService, IdentityCopyBackfill],
})
export class CustomersModule {}
