-- Commissions held by open transfer requests become 'requested' (oldest first, the order the
-- requests are settled in), as markRequestedCommissions keeps them from now on.
UPDATE commissions c
SET status = CASE WHEN held.before_it < held.requested THEN 'requested' ELSE 'pending' END
FROM (
  SELECT u.id,
    sum(u.amount - u.paid_amount) OVER (PARTITION BY u.broker_id ORDER BY u.created_at, u.id)
      - (u.amount - u.paid_amount) AS before_it,
    coalesce(open.total, 0) AS requested
  FROM commissions u
  LEFT JOIN (
    SELECT broker_id, sum(amount) AS total FROM transfer_requests
    WHERE status = 'open' GROUP BY broker_id
  ) open ON open.broker_id = u.broker_id
  WHERE u.paid_amount < u.amount
) held
WHERE c.id = held.id
  AND c.status <> CASE WHEN held.before_it < held.requested THEN 'requested' ELSE 'pending' END;
