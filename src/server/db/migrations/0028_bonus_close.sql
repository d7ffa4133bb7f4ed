-- A bonus stopped before its end (decision 074): when a super-admin closed it; nobody is paid
-- it from then on. One nullable column on a table new in this release.
ALTER TABLE "bonuses" ADD COLUMN "closed_at" timestamp with time zone;
