import { afterAll, describe, expect, inject, it } from 'vitest';
import { ledgerUnderKills } from './test-support/ledger-workload.js';
import { cleanUp, freshPostgres } from './test-support/server-process.js';

// The ledger under kill -9, on a PostgreSQL server (TEST_DATABASE_URL's, or the project's own
// cluster;
// a database of its own): the real server process killed with SIGKILL again and again during
// the money's whole workload.
afterAll(cleanUp);

const serverUrl = inject('postgresServerUrl');

describe('the ledger under repeated kill -9 (PostgreSQL)', () => {
  it('four kills during referrals, signings, payments, pay-due, bank files and payouts: every acknowledged write is there, one commission per signed referral, every broker’s summary recounts from the rows, at most one message repeated a kill', async () => {
    const databaseUrl = await freshPostgres(serverUrl);
    const report = await ledgerUnderKills({
      env: { DATABASE_URL: databaseUrl },
      databaseUrl: () => databaseUrl,
      kills: 4,
    });
    console.log(`ledger under kill -9 (PostgreSQL): ${JSON.stringify(report)}`);
    expect(report.referrals.signed).toBeGreaterThan(0);
    expect(report.payouts.paid).toBeGreaterThan(0);
  }, 180_000);
});
