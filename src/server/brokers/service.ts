import { and, eq, isNull } from 'drizzle-orm';
import { generateBrokerCode } from '#domain';
import type { Database } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { type Broker, brokers } from '../db/schema.js';
import { defaultGroupId } from '../groups/terms.js';

export async function findBrokerByPhone(db: Database, phone: string): Promise<Broker | null> {
  const [broker] = await db
    .select()
    .from(brokers)
    .where(and(eq(brokers.phone, phone), isNull(brokers.deletedAt)))
    .limit(1);
  return broker ?? null;
}

export async function findBrokerById(db: Database, id: string): Promise<Broker | null> {
  const [broker] = await db
    .select()
    .from(brokers)
    .where(and(eq(brokers.id, id), isNull(brokers.deletedAt)))
    .limit(1);
  return broker ?? null;
}

/** Runs an insert with a fresh random broker code, retrying on the rare code collision. */
export async function withUniqueBrokerCode<T>(insert: (code: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insert(generateBrokerCode());
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error, 'brokers_broker_code_unique')) throw error;
    }
  }
}

type NewBroker = Omit<typeof brokers.$inferInsert, 'brokerCode'>;

export async function createBroker(db: Database, values: NewBroker): Promise<Broker> {
  return withUniqueBrokerCode(async (brokerCode) => {
    const [created] = await db
      .insert(brokers)
      // A new broker joins the default group (decision record 072).
      .values({ groupId: defaultGroupId, ...values, brokerCode })
      .returning();
    if (!created) throw new Error('broker insert returned nothing');
    return created;
  });
}
