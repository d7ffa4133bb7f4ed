import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBodySchema,
  createPasswordBodySchema,
  loginBodySchema,
  phoneBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  verifyOtpBodySchema,
  verifyOtpOnlyBodySchema,
} from '../../domain/index.js';
import { toProfile } from '../brokers/profile.js';
import { findBrokerByPhone } from '../brokers/service.js';
import type { FeatureOptions } from '../context.js';
import { AppError, notFound } from '../errors.js';
import { currentBroker } from '../plugins/session.js';
import { enforceRateLimits } from '../rate-limit.js';
import { consumeVerification, issueOtp, verifyOtp } from './otp.js';
import { verifyPassword } from './passwords.js';
import { changePassword, setPasswordForVerifiedPhone } from './service.js';
import { deleteSession } from './sessions.js';

const WINDOW_SECONDS = 15 * 60;
const publicRoute = { config: { access: 'public' as const } };

const noAccount = () => notFound('لا يوجد حساب مسجل بهذا الرقم');

export const authRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db, config, sms } = ctx;
  const perAddress = config.authRateLimitPerAddress;

  /** Per phone and per address, so neither one phone nor one machine can hammer a call. */
  const limit = (request: FastifyRequest, action: string, phone: string, perPhone: number) =>
    enforceRateLimits(db, [
      { key: `${action}:phone:${phone}`, limit: perPhone, windowSeconds: WINDOW_SECONDS },
      { key: `${action}:ip:${request.ip}`, limit: perAddress, windowSeconds: WINDOW_SECONDS },
    ]);

  app.post(
    '/check-phone',
    { ...publicRoute, schema: { body: phoneBodySchema } },
    async (request) => {
      const broker = await findBrokerByPhone(db, request.body.phone);
      return { requiresOtp: !broker?.firstTimeOtpVerified };
    },
  );

  app.post('/send-otp', { ...publicRoute, schema: { body: phoneBodySchema } }, async (request) => {
    const { phone } = request.body;
    await limit(request, 'send-otp', phone, 5);
    const code = await issueOtp(db, phone);
    await sms.send({
      to: phone,
      body: `رمز التحقق الخاص بك في ${config.brand.productName}: ${code}\nصالح لمدة 5 دقائق، لا تشاركه مع أحد.`,
      purpose: 'otp',
    });
    return {
      message: 'تم إرسال رمز التحقق',
      ...(config.exposeOtpInResponses ? { otpCode: code } : {}),
    };
  });

  app.post(
    '/verify-otp',
    { ...publicRoute, schema: { body: verifyOtpBodySchema } },
    async (request, reply) => {
      const { phone, otp, password } = request.body;
      await limit(request, 'verify-otp', phone, 10);
      await verifyOtp(db, phone, otp, { consume: true });
      const broker = await setPasswordForVerifiedPhone(db, phone, password);
      await reply.startSession(broker.id);
      return { user: toProfile(broker) };
    },
  );

  app.post(
    '/verify-otp-only',
    { ...publicRoute, schema: { body: verifyOtpOnlyBodySchema } },
    async (request) => {
      const { phone, otp } = request.body;
      await limit(request, 'verify-otp', phone, 10);
      await verifyOtp(db, phone, otp, { consume: false });
      return { verified: true };
    },
  );

  app.post(
    '/verify-otp-temp',
    { ...publicRoute, schema: { body: verifyOtpOnlyBodySchema } },
    async (request) => {
      const { phone, otp } = request.body;
      await limit(request, 'verify-otp', phone, 10);
      if (!(await findBrokerByPhone(db, phone))) throw noAccount();
      await verifyOtp(db, phone, otp, { consume: false });
      return { verified: true };
    },
  );

  app.post(
    '/create-password',
    { ...publicRoute, schema: { body: createPasswordBodySchema } },
    async (request, reply) => {
      const { phone, password } = request.body;
      await consumeVerification(db, phone);
      const broker = await setPasswordForVerifiedPhone(db, phone, password);
      await reply.startSession(broker.id);
      return { user: toProfile(broker) };
    },
  );

  app.post(
    '/register',
    { ...publicRoute, schema: { body: registerBodySchema } },
    async (request, reply) => {
      const { phone, password } = request.body;
      const existing = await findBrokerByPhone(db, phone);
      if (existing?.firstTimeOtpVerified) {
        throw new AppError(409, 'ALREADY_REGISTERED', 'هذا الرقم مسجل مسبقاً، يرجى تسجيل الدخول');
      }
      await consumeVerification(db, phone);
      const broker = await setPasswordForVerifiedPhone(db, phone, password);
      await reply.startSession(broker.id);
      return { user: toProfile(broker) };
    },
  );

  app.post(
    '/login',
    { ...publicRoute, schema: { body: loginBodySchema } },
    async (request, reply) => {
      const { phone, password } = request.body;
      await limit(request, 'login', phone, 10);
      const broker = await findBrokerByPhone(db, phone);
      if (!broker?.firstTimeOtpVerified) {
        throw new AppError(403, 'OTP_REQUIRED', 'يرجى التحقق من رقم الجوال برمز التحقق أولاً', {
          requiresOtp: true,
        });
      }
      if (!(await verifyPassword(password, broker.passwordHash))) {
        throw new AppError(401, 'INVALID_CREDENTIALS', 'كلمة المرور غير صحيحة');
      }
      await reply.startSession(broker.id);
      return { user: toProfile(broker) };
    },
  );

  app.post('/logout', publicRoute, async (request, reply) => {
    if (request.sessionId) await deleteSession(db, request.sessionId);
    reply.endSession();
    return { ok: true };
  });

  app.post(
    '/reset-password',
    { ...publicRoute, schema: { body: resetPasswordBodySchema } },
    async (request) => {
      const { phone, newPassword } = request.body;
      if (!(await findBrokerByPhone(db, phone))) throw noAccount();
      await consumeVerification(db, phone);
      await setPasswordForVerifiedPhone(db, phone, newPassword);
      return { ok: true };
    },
  );

  app.post(
    '/change-password',
    { config: { access: 'broker' }, schema: { body: changePasswordBodySchema } },
    async (request) => {
      const broker = currentBroker(request);
      const { currentPassword, newPassword } = request.body;
      await limit(request, 'change-password', broker.phone, 10);
      if (!(await verifyPassword(currentPassword, broker.passwordHash))) {
        throw new AppError(400, 'WRONG_PASSWORD', 'كلمة المرور الحالية غير صحيحة', {
          fields: { currentPassword: 'كلمة المرور الحالية غير صحيحة' },
        });
      }
      await changePassword(db, broker.id, newPassword, request.sessionId);
      return { ok: true };
    },
  );
};
