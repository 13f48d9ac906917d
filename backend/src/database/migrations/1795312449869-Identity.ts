import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Identity1795312449869 implements MigrationInterface {
  name = 'Identity1795312449869';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "user_account" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" text NOT NULL, "email_verified_at" TIMESTAMP WITH TIME ZONE, "password_hash" text NOT NULL, "username" text, "avatar" text, "avatar_variants" text array NOT NULL DEFAULT '{}', "avatar_blurhash" text, "suburb_city" text, "state" text, "country" text, "latitude" double precision, "longitude" double precision, "registered_at" TIMESTAMP WITH TIME ZONE, "phone_no" text, "phone_verified_at" TIMESTAMP WITH TIME ZONE, "is_trusted" boolean NOT NULL DEFAULT false, "is_admin" boolean NOT NULL DEFAULT false, "suspended_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_56a0e4bcec2b5411beafa47ffa5" UNIQUE ("email"), CONSTRAINT "UQ_3c4d4fae641bf9048ad324ee0d9" UNIQUE ("username"), CONSTRAINT "PK_6acfec7285fdf9f463462de3e9f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "auth_session" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "csrf_token" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "last_used_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, "revoked_reason" text, "user_agent" text, "ip" text, CONSTRAINT "PK_19354ed146424a728c1112a8cbf" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "auth_session_user_idx" ON "auth_session" ("user_id") `);
    await queryRunner.query(
      `CREATE TABLE "email_token" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "purpose" text NOT NULL, "token_hash" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_7de8158f2f29aba7331b9576937" UNIQUE ("token_hash"), CONSTRAINT "PK_7175dbe70853f76bcbcb1285f92" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "email_token_user_idx" ON "email_token" ("user_id", "purpose") `,
    );
    await queryRunner.query(
      `CREATE TABLE "handle" ("handle" text NOT NULL, "owner_type" text NOT NULL, "owner_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_dd5a08709e60e9fd47140d68729" PRIMARY KEY ("handle"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "handle_owner_idx" ON "handle" ("owner_type", "owner_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "phone_verification" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "phone_no" text NOT NULL, "code_hash" text NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "verified_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_028d02e37d668b794d82247591b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "phone_verification_user_idx" ON "phone_verification" ("user_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "refresh_token" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "session_id" uuid NOT NULL, "token_hash" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_f0812282fad2e352cdaf83ef0a9" UNIQUE ("token_hash"), CONSTRAINT "PK_b575dd3c21fb0831013c909e7fe" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "refresh_token_session_idx" ON "refresh_token" ("session_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "user_settings" ("user_id" uuid NOT NULL, "email_on_message" boolean NOT NULL DEFAULT true, "email_on_comment" boolean NOT NULL DEFAULT true, "email_on_event" boolean NOT NULL DEFAULT true, "show_in_nearby" boolean NOT NULL DEFAULT true, "distance_unit" text NOT NULL DEFAULT 'km', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4ed056b9344e6f7d8d46ec4b302" PRIMARY KEY ("user_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "auth_session" ADD CONSTRAINT "FK_b8783d517fab10672700a39cb49" FOREIGN KEY ("user_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "email_token" ADD CONSTRAINT "FK_c728d9445f15cd00fb479ad92de" FOREIGN KEY ("user_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "phone_verification" ADD CONSTRAINT "FK_a54ab2a703e3f3708837d788cc4" FOREIGN KEY ("user_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "refresh_token" ADD CONSTRAINT "FK_7643a722ca45fb721be1c63dc0c" FOREIGN KEY ("session_id") REFERENCES "auth_session"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_settings" ADD CONSTRAINT "FK_4ed056b9344e6f7d8d46ec4b302" FOREIGN KEY ("user_id") REFERENCES "user_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "user_settings" DROP CONSTRAINT "FK_4ed056b9344e6f7d8d46ec4b302"`,
    );
    await queryRunner.query(
      `ALTER TABLE "refresh_token" DROP CONSTRAINT "FK_7643a722ca45fb721be1c63dc0c"`,
    );
    await queryRunner.query(
      `ALTER TABLE "phone_verification" DROP CONSTRAINT "FK_a54ab2a703e3f3708837d788cc4"`,
    );
    await queryRunner.query(
      `ALTER TABLE "email_token" DROP CONSTRAINT "FK_c728d9445f15cd00fb479ad92de"`,
    );
    await queryRunner.query(
      `ALTER TABLE "auth_session" DROP CONSTRAINT "FK_b8783d517fab10672700a39cb49"`,
    );
    await queryRunner.query(`DROP TABLE "user_settings"`);
    await queryRunner.query(`DROP INDEX "public"."refresh_token_session_idx"`);
    await queryRunner.query(`DROP TABLE "refresh_token"`);
    await queryRunner.query(`DROP INDEX "public"."phone_verification_user_idx"`);
    await queryRunner.query(`DROP TABLE "phone_verification"`);
    await queryRunner.query(`DROP INDEX "public"."handle_owner_idx"`);
    await queryRunner.query(`DROP TABLE "handle"`);
    await queryRunner.query(`DROP INDEX "public"."email_token_user_idx"`);
    await queryRunner.query(`DROP TABLE "email_token"`);
    await queryRunner.query(`DROP INDEX "public"."auth_session_user_idx"`);
    await queryRunner.query(`DROP TABLE "auth_session"`);
    await queryRunner.query(`DROP TABLE "user_account"`);
  }
}
