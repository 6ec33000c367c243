import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateCustomerProfiles1763700002000 implements MigrationInterface {
  name = 'CreateCustomerProfiles1763700002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE customer_profiles (
        user_id uuid PRIMARY KEY,
        business_name varchar(200),
        business_type varchar(32) CHECK (business_type IN ('coffee_shop', 'bakery', 'restaurant', 'other')),
        phone varchar(40),
        address text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE customer_profiles');
  }
}
