-- Why a broker's account is not active (issue 34 item 3): the reason an admin gives when
-- deactivating an account or refusing its activation request, which the broker reads. One
-- nullable column: no rewrite, and the old code never reads it.
ALTER TABLE "brokers" ADD COLUMN "inactive_reason" text;
