CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "brokers_full_name_idx";--> statement-breakpoint
DROP INDEX "referrals_submitted_idx";--> statement-breakpoint
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
DROP INDEX "audit_log_action_idx";--> statement-breakpoint
DROP INDEX "brokers_created_at_idx";--> statement-breakpoint
DROP INDEX "brokers_active_idx";--> statement-breakpoint
DROP INDEX "commissions_broker_created_idx";--> statement-breakpoint
DROP INDEX "commissions_status_created_idx";--> statement-breakpoint
DROP INDEX "commissions_created_idx";--> statement-breakpoint
DROP INDEX "notifications_broker_created_idx";--> statement-breakpoint
DROP INDEX "otp_codes_phone_created_idx";--> statement-breakpoint
DROP INDEX "referrals_broker_submitted_idx";--> statement-breakpoint
DROP INDEX "referrals_status_submitted_idx";--> statement-breakpoint
DROP INDEX "transfer_requests_broker_created_idx";--> statement-breakpoint
DROP INDEX "transfer_requests_status_created_idx";--> statement-breakpoint
CREATE INDEX "brokers_full_name_trgm_idx" ON "brokers" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "brokers_phone_trgm_idx" ON "brokers" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "brokers_broker_code_trgm_idx" ON "brokers" USING gin ("broker_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "referrals_submitted_number_idx" ON "referrals" USING btree ("submitted_at","number");--> statement-breakpoint
CREATE INDEX "referrals_tenant_phone_trgm_idx" ON "referrals" USING gin ("tenant_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "brokers_created_at_idx" ON "brokers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "brokers_active_idx" ON "brokers" USING btree ("is_active","created_at");--> statement-breakpoint
CREATE INDEX "commissions_broker_created_idx" ON "commissions" USING btree ("broker_id","created_at");--> statement-breakpoint
CREATE INDEX "commissions_status_created_idx" ON "commissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "commissions_created_idx" ON "commissions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_broker_created_idx" ON "notifications" USING btree ("broker_id","created_at");--> statement-breakpoint
CREATE INDEX "otp_codes_phone_created_idx" ON "otp_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "referrals_broker_submitted_idx" ON "referrals" USING btree ("broker_id","submitted_at");--> statement-breakpoint
CREATE INDEX "referrals_status_submitted_idx" ON "referrals" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "transfer_requests_broker_created_idx" ON "transfer_requests" USING btree ("broker_id","created_at");--> statement-breakpoint
CREATE INDEX "transfer_requests_status_created_idx" ON "transfer_requests" USING btree ("status","created_at");