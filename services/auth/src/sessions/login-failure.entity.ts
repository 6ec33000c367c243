import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One failed sign-in, counted per key (`ip+email` and `ip`) within a time window. */
@Entity({ name: 'login_failures' })
@Index('login_failures_key_time_idx', ['key', 'failedAt'])
export class LoginFailure {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'varchar', length: 400 })
  key: string;

  @Column({ name: 'failed_at', type: 'timestamptz', default: () => 'now()' })
  failedAt: Date;
}
