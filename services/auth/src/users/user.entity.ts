import type { Identity, Role } from '@bakery/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A pending account is mid-registration: it exists but cannot sign in. */
export type AccountStatus = 'active' | 'pending';

@Entity({ name: 'users' })
export class UserAccount {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** stored trimmed and in lower case; unique */
  @Column({ type: 'varchar', length: 254, unique: true })
  email: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash: string;

  @Column({ type: 'varchar', length: 16, default: 'customer' })
  role: Role;

  @Column({ type: 'varchar', length: 16, default: 'active' })
  status: AccountStatus;

  @Column({ name: 'first_name', type: 'varchar', length: 100, nullable: true })
  firstName: string | null;

  @Column({ name: 'last_name', type: 'varchar', length: 100, nullable: true })
  lastName: string | null;

  @Column({ name: 'profile_image_url', type: 'text', nullable: true })
  profileImageUrl: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** The identity as other services and the browser see it: never the hash. */
export function toIdentity(user: UserAccount): Identity {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
