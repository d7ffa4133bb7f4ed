import { and, eq, isNull } from 'drizzle-orm';
import { brokers } from '../db/schema.js';
import { aSuperAdmin } from './factories.js';
import { createTestApp, type TestApp, type TestBroker } from './test-app.js';

/*
 * The rule that keeps the last super-admin, tried on an app of its own (closed afterwards),
 * where the only super-admins are the ones these helpers make: the file's shared app has others.
 */

/** Runs `story` on an app of its own whose one super-admin is `only`. */
export async function withTheOnlySuperAdmin(
  story: (lone: TestApp, only: TestBroker) => Promise<void>,
): Promise<void> {
  const lone = await createTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  try {
    await story(lone, await aSuperAdmin(lone));
  } finally {
    await lone.close();
  }
}

/**
 * Two super-admins, the only ones of an app of their own, each doing `act` to the other at
 * once: answers both responses, and the super-admins still there (not deleted) afterwards.
 */
export async function theLastTwoSuperAdminsAtOnce(
  act: (lone: TestApp, caller: TestBroker, target: TestBroker) => Promise<{ statusCode: number }>,
) {
  const lone = await createTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  try {
    const a = await aSuperAdmin(lone);
    const b = await aSuperAdmin(lone);
    const results = await Promise.all([act(lone, a, b), act(lone, b, a)]);
    const left = await lone.database.db
      .select({ id: brokers.id })
      .from(brokers)
      .where(and(eq(brokers.isSuperAdmin, true), isNull(brokers.deletedAt)));
    return { results, left };
  } finally {
    await lone.close();
  }
}
