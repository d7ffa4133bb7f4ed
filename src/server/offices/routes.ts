import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { officeEndpoints } from '#contract/offices';
import { auditBy } from '../audit/service.js';
import { confirmPassword } from '../auth/confirm-password.js';
import type { FeatureOptions } from '../context.js';
import { serve } from '../http/serve.js';
import { currentAccount, currentBroker } from '../plugins/session.js';
import { enforceRateLimits } from '../rate-limit.js';
import { activeOfficeOf } from './membership.js';
import {
  answerInvitation,
  createOffice,
  endMembership,
  inviteAgent,
  leaveOffice,
  listOffices,
  myOffice,
  officeTeam,
  setOfficePayout,
} from './service.js';

const DAY = 24 * 60 * 60;

/**
 * Brokerage offices (decision record 080): the broker's «مكتبي» and the console's filter.
 * Registered under /api: each endpoint's access is its own.
 */
export const officeRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const invitations = {
    whatsappConfigured: ctx.channels.whatsapp !== null,
    productName: ctx.config.brand.productName,
  };

  serve(app, officeEndpoints.mine, async (request) => myOffice(db, currentBroker(request)));

  serve(app, officeEndpoints.create, async (request, reply) => {
    const me = currentBroker(request);
    await enforceRateLimits(db, [{ key: `office-create:${me.id}`, limit: 10, windowSeconds: DAY }]);
    return reply.status(201).send(await createOffice(db, me.id, request.body, auditBy(request)));
  });

  serve(app, officeEndpoints.setPayout, async (request) => {
    const me = await currentAccount(db, request);
    // Money goes somewhere new only on the owner's word: the password, as for the IBAN, with
    // its budgets; an agent is refused before any password is tried.
    const membership = await activeOfficeOf(db, me.id);
    if (membership?.role === 'owner') {
      await confirmPassword(
        db,
        me,
        request.body.password,
        { ip: request.ip, perAddress: ctx.config.authRateLimitPerAddress },
        { scope: 'office-payout', required: 'يرجى إدخال كلمة المرور الحالية لحفظ طريقة التحويل' },
      );
    }
    const { payoutTo, sharePercent, iban } = request.body;
    return setOfficePayout(db, me.id, { payoutTo, sharePercent, iban }, auditBy(request));
  });

  serve(app, officeEndpoints.team, async (request) =>
    officeTeam(db, currentBroker(request).id, request.query.page),
  );

  serve(app, officeEndpoints.invite, async (request, reply) => {
    const me = currentBroker(request);
    // Each invitation is a message to a phone: money, and a number someone did not ask for.
    await enforceRateLimits(db, [
      { key: `office-invite:${me.id}`, limit: 20, windowSeconds: DAY },
      { key: `office-invite-phone:${request.body.phone}`, limit: 3, windowSeconds: DAY },
      { key: 'office-invite:all', limit: 500, windowSeconds: DAY },
    ]);
    await inviteAgent(db, me.id, request.body.phone, invitations, auditBy(request));
    ctx.outbox.kick();
    return reply.status(201).send({ ok: true as const });
  });

  serve(app, officeEndpoints.endMembership, async (request) => {
    await endMembership(db, currentBroker(request).id, request.params.id, auditBy(request));
    return { ok: true as const };
  });

  serve(app, officeEndpoints.accept, async (request) => {
    await answerInvitation(db, currentBroker(request), request.params.id, true, auditBy(request));
    return { ok: true as const };
  });

  serve(app, officeEndpoints.decline, async (request) => {
    await answerInvitation(db, currentBroker(request), request.params.id, false, auditBy(request));
    return { ok: true as const };
  });

  serve(app, officeEndpoints.leave, async (request) => {
    await leaveOffice(db, currentBroker(request).id, auditBy(request));
    return { ok: true as const };
  });

  serve(app, officeEndpoints.adminList, async () => listOffices(db));
};
