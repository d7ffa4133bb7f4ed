import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedDatabaseUrl, ledgerUnderKills } from './test-support/ledger-workload.js';
import { cleanUp } from './test-support/server-process.js';

// The ledger under kill -9, on the embedded database: the real server process killed with
// SIGKILL again
// and again while brokers refer and ask for their money and admins sign, pay and file.
const dataDir = mkdtempSync(path.join(tmpdir(), 'shareek-ledger-'));

afterAll(async () => {
  // The cluster first (cleanUp stops it), then its folder: some 70 MB a run otherwise.
  await cleanUp();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the ledger under repeated kill -9 (embedded database)', () => {
  it('four kills during referrals, signings, payments, pay-due, bank files and payouts: every acknowledged write is there, one commission per signed referral, every broker’s summary recounts from the rows, at most one message repeated a kill', async () => {
    const report = await ledgerUnderKills({
      env: { DATA_DIR: dataDir },
      databaseUrl: () => embeddedDatabaseUrl(dataDir),
      kills: 4,
    });
    // The figures, for the README's "Faults" section.
    console.log(`ledger under kill -9 (embedded): ${JSON.stringify(report)}`);
    expect(report.referrals.signed).toBeGreaterThan(0);
    expect(report.payouts.paid).toBeGreaterThan(0);
  }, 180_000);
});
