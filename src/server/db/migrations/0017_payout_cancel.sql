-- Issue 32: a payout the team withdraws before any bank has it is `cancelled` (decision record
-- 061), so the status check is widened. The new check is added NOT VALID: adding it then reads
-- none of transfer_requests under the table's lock (every row there passed the narrower check,
-- which this one contains), while every row written from now on is checked. A later release may
-- VALIDATE CONSTRAINT it, which locks out no writes.
ALTER TABLE "transfer_requests" DROP CONSTRAINT "transfer_requests_status_check";--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD CONSTRAINT "transfer_requests_status_check" CHECK ("transfer_requests"."status" in ('open','approved','sent','paid','failed','rejected','cancelled')) NOT VALID;
