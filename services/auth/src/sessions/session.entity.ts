import type { Role } from '@bakery/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export interface SessionData {
  userId: string;
  role: Role;
  createdAt: string;
}

/** A signed-in session; the row is the source of truth for expiry and revocation (deleted on logout). */
@Entity({ name: 'sessions' })
export class Session {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  sid: string;

  @Column({ type: 'jsonb' })
  sess: SessionData;

  @Index('sessions_expire_idx')
  @Column({ type: 'timestamptz' })
  expire: Date;
}
