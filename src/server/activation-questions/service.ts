import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  type ActivationQuestionInput,
  type ActivationRequestInput,
  MAX_ACTIVATION_QUESTIONS,
} from '#domain';
import type { AuditRecorder } from '../audit/service.js';
import { type Database, rowsOf, type Transaction } from '../db/client.js';
import { activationAnswers, activationQuestions } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';

/**
 * Activation questions (decision record 076): super-admins ask, every broker requesting
 * activation answers, and the team reads the answers with the request. A question is retired,
 * never deleted, and an answer keeps the question as the broker read it.
 */

const QUESTION_NOT_FOUND = 'السؤال غير موجود';

/** The questions asked today, in the order they were added. */
const asked = (db: Pick<Database, 'select'>) =>
  db
    .select({
      id: activationQuestions.id,
      prompt: activationQuestions.prompt,
      required: activationQuestions.required,
    })
    .from(activationQuestions)
    .where(isNull(activationQuestions.retiredAt))
    .orderBy(asc(activationQuestions.createdAt), asc(activationQuestions.id));

/** What a broker answers before requesting activation. */
export async function askedQuestions(db: Database) {
  return { items: await asked(db) };
}

/** The questions asked today for super-admins, each with how many brokers answered it. */
export async function listActivationQuestions(db: Database) {
  const rows = await rowsOf<{
    id: string;
    prompt: string;
    required: boolean;
    created_at: Date;
    answered: number;
  }>(
    db,
    sql`select q.id, q.prompt, q.required, q.created_at,
        (select count(distinct a.broker_id)::int from activation_answers a
          where a.question_id = q.id and a.answer <> '') as answered
      from activation_questions q
      where q.retired_at is null
      order by q.created_at, q.id`,
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      prompt: row.prompt,
      required: row.required,
      createdAt: new Date(row.created_at).toISOString(),
      answered: row.answered,
    })),
  };
}

async function questionView(db: Database, id: string) {
  const found = (await listActivationQuestions(db)).items.find((item) => item.id === id);
  if (!found) throw notFound(QUESTION_NOT_FOUND);
  return found;
}

/**
 * Adds a question, at most ten asked at once (409 beyond). Two super-admins adding the tenth at
 * once: a transaction-scoped advisory lock makes the count and the insert one step.
 */
export async function createActivationQuestion(
  db: Database,
  actorId: string,
  input: ActivationQuestionInput,
  record: AuditRecorder,
) {
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('activation_questions'))`);
    const current = await asked(tx);
    if (current.length >= MAX_ACTIVATION_QUESTIONS) {
      throw new AppError(
        409,
        'TOO_MANY_QUESTIONS',
        'لا يمكن طرح أكثر من ١٠ أسئلة؛ احذف سؤالاً قبل إضافة غيره',
      );
    }
    const [row] = await tx
      .insert(activationQuestions)
      .values({ prompt: input.prompt, required: input.required, createdBy: actorId })
      .returning();
    if (!row) throw new Error('the question was not inserted');
    await record(tx, {
      action: 'activation_question.create',
      entityType: 'activation_question',
      entityId: row.id,
      after: { prompt: row.prompt, required: row.required },
    });
    return row.id;
  });
  return questionView(db, id);
}

/** Changes a question asked today; the answers already given keep what the broker read. */
export async function updateActivationQuestion(
  db: Database,
  id: string,
  input: ActivationQuestionInput,
  record: AuditRecorder,
) {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(activationQuestions)
      .where(and(eq(activationQuestions.id, id), isNull(activationQuestions.retiredAt)))
      .for('update');
    if (!before) throw notFound(QUESTION_NOT_FOUND);
    await tx
      .update(activationQuestions)
      .set({ prompt: input.prompt, required: input.required, updatedAt: new Date() })
      .where(eq(activationQuestions.id, id));
    await record(tx, {
      action: 'activation_question.update',
      entityType: 'activation_question',
      entityId: id,
      before: { prompt: before.prompt, required: before.required },
      after: { prompt: input.prompt, required: input.required },
    });
  });
  return questionView(db, id);
}

/** Stops asking a question; its answers stay with the requests that gave them. */
export async function retireActivationQuestion(db: Database, id: string, record: AuditRecorder) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(activationQuestions)
      .set({ retiredAt: new Date(), updatedAt: new Date() })
      .where(and(eq(activationQuestions.id, id), isNull(activationQuestions.retiredAt)))
      .returning();
    if (!row) throw notFound(QUESTION_NOT_FOUND);
    await record(tx, {
      action: 'activation_question.retire',
      entityType: 'activation_question',
      entityId: id,
      before: { prompt: row.prompt, required: row.required },
    });
  });
}

const questionsChanged = () =>
  new AppError(
    409,
    'QUESTIONS_CHANGED',
    'تغيّرت أسئلة طلب التفعيل منذ فتحتها؛ راجعها وأرسل الطلب من جديد',
  );

/**
 * Keeps the answers an activation request carries, in the request's transaction. The body
 * answers every question asked today, each as the broker read it: a question added, changed or
 * retired since is a 409 (the broker reads them again). A required one left empty is a 400 naming
 * it; a request without a body is refused so while a required question is asked. Nothing is
 * written otherwise. The broker's answers to an earlier request go: only the latest is read.
 */
export async function saveActivationAnswers(
  tx: Transaction,
  brokerId: string,
  requestedAt: Date,
  input: ActivationRequestInput | null | undefined,
): Promise<number> {
  const questions = await asked(tx);
  const given = new Map<string, { prompt: string; answer: string }>();
  for (const { questionId, prompt, answer } of input?.answers ?? []) {
    if (given.has(questionId)) {
      throw new AppError(400, 'DUPLICATE_ANSWER', 'أُرسلت إجابتان عن السؤال نفسه');
    }
    given.set(questionId, { prompt, answer });
  }
  if (input) {
    const asRead = (question: (typeof questions)[number]) =>
      given.get(question.id)?.prompt === question.prompt;
    if (given.size !== questions.length || !questions.every(asRead)) throw questionsChanged();
  }
  const unanswered = questions.find(
    (question) => question.required && !given.get(question.id)?.answer,
  );
  if (unanswered) {
    throw new AppError(400, 'VALIDATION_ERROR', `يرجى الإجابة عن السؤال: ${unanswered.prompt}`, {
      fields: { [`answers.${unanswered.id}`]: 'يرجى الإجابة عن هذا السؤال' },
    });
  }
  await tx.delete(activationAnswers).where(eq(activationAnswers.brokerId, brokerId));
  const rows = questions.flatMap((question) => {
    const answer = given.get(question.id)?.answer;
    return answer
      ? [{ brokerId, questionId: question.id, prompt: question.prompt, answer, requestedAt }]
      : [];
  });
  if (rows.length > 0) await tx.insert(activationAnswers).values(rows);
  return rows.length;
}

/** The answers that came with the broker's latest request that carried any, in asked order. */
export async function latestActivationAnswers(db: Database, brokerId: string) {
  const [latest] = await db
    .select({ requestedAt: activationAnswers.requestedAt })
    .from(activationAnswers)
    .where(eq(activationAnswers.brokerId, brokerId))
    .orderBy(desc(activationAnswers.requestedAt))
    .limit(1);
  if (!latest) return { requestedAt: null, items: [] };
  const items = await db
    .select({ prompt: activationAnswers.prompt, answer: activationAnswers.answer })
    .from(activationAnswers)
    .innerJoin(activationQuestions, eq(activationQuestions.id, activationAnswers.questionId))
    .where(
      and(
        eq(activationAnswers.brokerId, brokerId),
        eq(activationAnswers.requestedAt, latest.requestedAt),
      ),
    )
    .orderBy(asc(activationQuestions.createdAt), asc(activationQuestions.id));
  return { requestedAt: latest.requestedAt.toISOString(), items };
}
