import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsController } from './accounts/accounts.controller';
import { AccountsService } from './accounts/accounts.service';
import { CustomerProfile } from './profiles/profile.entity';

/** Business profiles and the customer directory (accounts composed with auth's identities). */
@Module({
  imports: [TypeOrmModule.forFeature([CustomerProfile])],
  controllers: [AccountsController],
  providers: [AccountsService],
})
export class CustomersModule {}
