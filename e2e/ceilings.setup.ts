import { expect, test } from '@playwright/test';

// The journeys sign up a few hundred phones in minutes, past the SMS ceilings a live platform
// keeps (decision 046: 300 codes an hour). Codes cost nothing here (the console adapter and the
// fake WhatsApp), so before any journey the protected super-admin raises them, as an operator
// would for a launch day. The ceilings themselves are proven by the API tests.
test('the SMS ceilings are raised for the journeys', async ({ request }) => {
  const login = await request.post('/api/auth/login', {
    data: { phone: '0550000009', password: 'protected-account' },
  });
  expect(login.ok()).toBe(true);
  for (const key of ['otp_hourly_ceiling', 'otp_daily_ceiling', 'link_otp_daily_ceiling']) {
    const set = await request.post('/api/admin/config', { data: { key, value: '100000' } });
    expect(set.ok(), key).toBe(true);
  }
});
