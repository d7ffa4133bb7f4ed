import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activationQuestionEndpoints } from '#contract/activation-questions';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import { brokerEndpoints } from '#contract/brokers';
import { activationAnswers, auditLog, brokers } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { aBroker } from '../test-support/factories.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { anAdminAndASuperAdmin } from '../test-support/staff.js';
import type { TestBroker } from '../test-support/test-app.js';

// Decision 076: super-admins ask questions of every broker requesting activation; the answers
// travel with the request, and the team reads them as the broker read the questions.

type Answer = { questionId: string; prompt: string; answer: string };

const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
let admin: TestBroker;
let root: TestBroker;
beforeAll(async () => {
  ({ admin, root } = await anAdminAndASuperAdmin(t));
});

const as = (caller: Caller) => client(t).as(caller);
const ask = (prompt: string, required: boolean) =>
  as(root).call(activationQuestionEndpoints.create, { body: { prompt, required } });
const requestedAt = async (broker: TestBroker) =>
  (await as(broker).call(brokerEndpoints.profile)).json().activationRequestedAt;
const answersOf = (broker: TestBroker) =>
  t.database.db.select().from(activationAnswers).where(eq(activationAnswers.brokerId, broker.id));
const audited = (action: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('activation questions', () => {
  it('only super-admins ask them, in Arabic, at most ten at once', async () => {
    const broker = await aBroker(t, { active: false });
    expect((await as(broker).call(activationQuestionEndpoints.asked)).json()).toEqual({
      items: [],
    });
    for (const caller of [admin, broker]) {
      expect(
        (
          await as(caller).call(activationQuestionEndpoints.create, {
            body: { prompt: 'كم سنة خبرتك؟', required: true },
          })
        ).statusCode,
      ).toBe(403);
      expect((await as(caller).call(activationQuestionEndpoints.list)).statusCode).toBe(403);
    }
    const refusals = [
      [{ prompt: '', required: true }, 'يرجى كتابة نص السؤال'],
      [{ prompt: 'س'.repeat(201), required: true }, 'السؤال أطول من ٢٠٠ حرف'],
      [{ prompt: 'كم سنة\u202E خبرتك؟', required: true }, 'النص يحتوي على رموز غير مسموح بها'],
      [{ prompt: 'كم سنة\nخبرتك؟', required: true }, 'يرجى كتابة النص في سطر واحد'],
      [{ prompt: 'كم سنة خبرتك؟' }, 'يرجى تحديد إن كانت الإجابة مطلوبة'],
    ] as const;
    for (const [body, message] of refusals) {
      const refused = await as(root).call(activationQuestionEndpoints.create, {
        body: body as { prompt: string; required: boolean },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ApiError>().message).toBe(message);
    }
    expect((await as(root).call(activationQuestionEndpoints.list)).json().items).toEqual([]);

    const made = [];
    for (let i = 1; i <= 10; i++) {
      const created = await ask(`السؤال رقم ${i}`, false);
      expect(created.statusCode, created.body).toBe(201);
      made.push(created.json());
    }
    const eleventh = await ask('سؤال زائد', false);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json<ApiError>()).toEqual({
      code: 'TOO_MANY_QUESTIONS',
      message: 'لا يمكن طرح أكثر من ١٠ أسئلة؛ احذف سؤالاً قبل إضافة غيره',
    });
    expect((await audited('activation_question.create')).length).toBe(10);
    for (const question of made) {
      const removed = await as(root).call(activationQuestionEndpoints.remove, {
        params: { id: question.id },
      });
      expect(removed.statusCode).toBe(200);
    }
    const again = await as(root).call(activationQuestionEndpoints.remove, {
      params: { id: made[0]?.id ?? '' },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json<ApiError>().message).toBe('السؤال غير موجود');
    expect((await audited('activation_question.retire')).length).toBe(10);
    expect((await as(broker).call(activationQuestionEndpoints.asked)).json().items).toEqual([]);
  });

  it('a request carries the answers; the team reads them as the broker read the questions', async () => {
    const experience = (await ask('كم سنة خبرتك في الوساطة العقارية؟', true)).json();
    const area = (await ask('ما الأحياء التي تعمل فيها؟', false)).json();
    const retired = (await ask('سؤال سيُحذف', false)).json();
    await as(root).call(activationQuestionEndpoints.remove, { params: { id: retired.id } });
    const broker = await aBroker(t, { active: false });
    expect((await as(broker).call(activationQuestionEndpoints.asked)).json().items).toEqual([
      { id: experience.id, prompt: 'كم سنة خبرتك في الوساطة العقارية؟', required: true },
      { id: area.id, prompt: 'ما الأحياء التي تعمل فيها؟', required: false },
    ]);

    // Every question answered as read; the optional one may be left empty.
    const EXPERIENCE = 'كم سنة خبرتك في الوساطة العقارية؟';
    const AREAS = 'ما الأحياء التي تعمل فيها؟';
    const answering = (experienceAnswer: string, extra: Answer[] = []): Answer[] => [
      { questionId: experience.id, prompt: EXPERIENCE, answer: experienceAnswer },
      { questionId: area.id, prompt: AREAS, answer: '' },
      ...extra,
    ];
    const CHANGED = 'تغيّرت أسئلة طلب التفعيل منذ فتحتها؛ راجعها وأرسل الطلب من جديد';
    // Refused requests write nothing: the request stays unmade, no answer is kept.
    const refusals: [{ answers: Answer[] } | undefined, number, string][] = [
      [undefined, 400, `يرجى الإجابة عن السؤال: ${EXPERIENCE}`],
      [{ answers: answering('   ') }, 400, `يرجى الإجابة عن السؤال: ${EXPERIENCE}`],
      [{ answers: answering('خمس\u202E سنوات') }, 400, 'النص يحتوي على رموز غير مسموح بها'],
      [{ answers: answering('س'.repeat(1001)) }, 400, 'الإجابة أطول من ١٠٠٠ حرف'],
      [
        {
          answers: answering('خمس سنوات', [
            { questionId: experience.id, prompt: EXPERIENCE, answer: 'ست سنوات' },
          ]),
        },
        400,
        'أُرسلت إجابتان عن السؤال نفسه',
      ],
      // A question retired, one the broker never saw, or one whose text changed since it was
      // read: the broker reads the questions again.
      [
        {
          answers: answering('خمس سنوات', [
            { questionId: retired.id, prompt: 'سؤال سيُحذف', answer: 'إجابة' },
          ]),
        },
        409,
        CHANGED,
      ],
      [{ answers: answering('خمس سنوات').slice(0, 1) }, 409, CHANGED],
      [
        {
          answers: [
            { questionId: experience.id, prompt: 'كم سنة؟', answer: 'خمس سنوات' },
            { questionId: area.id, prompt: AREAS, answer: '' },
          ],
        },
        409,
        CHANGED,
      ],
    ];
    for (const [body, status, message] of refusals) {
      const refused = await as(broker).call(brokerEndpoints.requestActivation, { body });
      expect(refused.statusCode, refused.body).toBe(status);
      expect(refused.json<ApiError>().message).toBe(message);
    }
    const missing = await as(broker).call(brokerEndpoints.requestActivation);
    expect(missing.json<ApiError>()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { [`answers.${experience.id}`]: 'يرجى الإجابة عن هذا السؤال' },
    });
    expect(await requestedAt(broker)).toBeNull();
    expect(await answersOf(broker)).toEqual([]);

    // Arabic-Indic digits and line breaks are the broker's own words, kept as typed.
    const made = await as(broker).call(brokerEndpoints.requestActivation, {
      body: { answers: answering(' ٧ سنوات\r\nفي الرياض ') },
    });
    expect(made.statusCode, made.body).toBe(200);
    const at = made.json().activationRequestedAt;
    expect(at).not.toBeNull();
    const [request] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'broker.request_activation'), eq(auditLog.entityId, broker.id)),
      );
    expect(request?.after).toEqual({ answered: 1 });

    // The question changes afterwards; the answer keeps what the broker read.
    const edited = await as(root).call(activationQuestionEndpoints.update, {
      params: { id: experience.id },
      body: { prompt: 'كم سنة عملت وسيطاً؟', required: true },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ prompt: 'كم سنة عملت وسيطاً؟', answered: 1 });
    expect((await audited('activation_question.update'))[0]?.before).toEqual({
      prompt: 'كم سنة خبرتك في الوساطة العقارية؟',
      required: true,
    });

    const read = await as(admin).call(activationQuestionEndpoints.answers, {
      params: { id: broker.id },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      requestedAt: at,
      items: [{ prompt: 'كم سنة خبرتك في الوساطة العقارية؟', answer: '٧ سنوات\nفي الرياض' }],
    });
    // Only the team reads them.
    const other = await aBroker(t);
    expect(
      (await as(other).call(activationQuestionEndpoints.answers, { params: { id: broker.id } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await as(admin).call(activationQuestionEndpoints.answers, {
          params: { id: '00000000-0000-4000-8000-000000000000' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await as(admin).call(activationQuestionEndpoints.answers, { params: { id: other.id } })
      ).json(),
    ).toEqual({ requestedAt: null, items: [] });

    // Refused, the broker asks again with new answers: the team reads the latest.
    await as(admin).call(adminBrokerEndpoints.refuseActivation, {
      params: { id: broker.id },
      body: { reason: 'يرجى توضيح الخبرة' },
    });
    const second = await as(broker).call(brokerEndpoints.requestActivation, {
      body: {
        answers: [
          {
            questionId: experience.id,
            prompt: 'كم سنة عملت وسيطاً؟',
            answer: 'سبع سنوات في مكتب عقاري',
          },
          { questionId: area.id, prompt: AREAS, answer: 'العليا والملقا' },
        ],
      },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(
      (
        await as(admin).call(activationQuestionEndpoints.answers, { params: { id: broker.id } })
      ).json().items,
    ).toEqual([
      { prompt: 'كم سنة عملت وسيطاً؟', answer: 'سبع سنوات في مكتب عقاري' },
      { prompt: AREAS, answer: 'العليا والملقا' },
    ]);
    // Only the latest request's answers are kept: the earlier ones serve no one any more.
    expect((await answersOf(broker)).map((row) => row.answer).sort()).toEqual(
      ['العليا والملقا', 'سبع سنوات في مكتب عقاري'].sort(),
    );

    // A retired account's answers go with its other personal data.
    expect((await as(broker).call(brokerEndpoints.deleteAccount)).statusCode).toBe(200);
    expect(await answersOf(broker)).toEqual([]);
    const [row] = await t.database.db.select().from(brokers).where(eq(brokers.id, broker.id));
    expect(row?.deletedAt).not.toBeNull();
    for (const question of [experience, area]) {
      await as(root).call(activationQuestionEndpoints.remove, { params: { id: question.id } });
    }
  });

  it('without questions a request carries nothing, as before', async () => {
    const broker = await aBroker(t, { active: false });
    const made = await as(broker).call(brokerEndpoints.requestActivation);
    expect(made.statusCode, made.body).toBe(200);
    expect(await answersOf(broker)).toEqual([]);
  });
});
