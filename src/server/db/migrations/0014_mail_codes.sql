-- Reset codes become mailed codes with a purpose: a password reset, or a sign-in by code (the
-- login page's code-login module). One live code per user and purpose; existing codes were reset codes.
ALTER TABLE "password_reset_codes" RENAME TO "mail_codes";--> statement-breakpoint
ALTER TABLE "mail_codes" DROP CONSTRAINT "password_reset_codes_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "mail_codes" ADD CONSTRAINT "mail_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DROP INDEX "password_reset_codes_email_uq";--> statement-breakpoint
ALTER TABLE "mail_codes" DROP CONSTRAINT "password_reset_codes_pkey";--> statement-breakpoint
ALTER TABLE "mail_codes" ADD COLUMN "purpose" text DEFAULT 'reset-password' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_codes" ALTER COLUMN "purpose" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "mail_codes" ADD CONSTRAINT "mail_codes_user_id_purpose_pk" PRIMARY KEY("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_codes_email_purpose_uq" ON "mail_codes" USING btree ("email","purpose");--> statement-breakpoint
ALTER TABLE "mail_codes" ADD CONSTRAINT "mail_codes_purpose_ck" CHECK ("mail_codes"."purpose" in ('reset-password', 'login'));
