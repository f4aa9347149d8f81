import { MigrationInterface, QueryRunner } from "typeorm";

/** The loyalty catalogue (loyalty_product) and the shop URL template of each app (app_shop). */
export class Loyalty1795530000000 implements MigrationInterface {
    name = 'Loyalty1795530000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "loyalty_product" ("app_id" uuid NOT NULL, "id" uuid NOT NULL, "name" text NOT NULL, "description" text NOT NULL, "price" double precision NOT NULL, "currency" text NOT NULL, "image_url" text, "sku" text NOT NULL, "active" boolean NOT NULL, "min_total_points" double precision NOT NULL, "activity_types" text array NOT NULL, "challenge_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_c0f99270804ef68e2cd7617509f" PRIMARY KEY ("app_id", "id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_loyalty_product_app_created" ON "loyalty_product"  ("app_id", "created_at") `);
        await queryRunner.query(`CREATE TABLE "app_shop" ("app_id" uuid NOT NULL, "url_template" text NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_68a608829fea47c88dbb757407d" PRIMARY KEY ("app_id"))`);
        await queryRunner.query(`ALTER TABLE "loyalty_product" ADD CONSTRAINT "FK_9279e73529ea7e9a814b5cac148" FOREIGN KEY ("app_id") REFERENCES "app"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "app_shop" ADD CONSTRAINT "FK_68a608829fea47c88dbb757407d" FOREIGN KEY ("app_id") REFERENCES "app"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "app_shop" DROP CONSTRAINT "FK_68a608829fea47c88dbb757407d"`);
        await queryRunner.query(`ALTER TABLE "loyalty_product" DROP CONSTRAINT "FK_9279e73529ea7e9a814b5cac148"`);
        await queryRunner.query(`DROP TABLE "app_shop"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_loyalty_product_app_created"`);
        await queryRunner.query(`DROP TABLE "loyalty_product"`);
    }

}
