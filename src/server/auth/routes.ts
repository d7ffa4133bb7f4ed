import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authEndpoints } from '#contract/auth';
import { toProfile } from '../brokers/profile.js';
import { findBrokerByPhone } from '../brokers/service.js';
import type { FeatureOptions } from '../context.js';
import type { Broker } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { serve } from '../http/serve.js';
import { sendNewCode } from '../messaging/codes.js';
import { enqueueNotice } from '../messaging/outbox.js';
import { cookieNames, currentAccount } from '../plugins/session.js';
import { addressKey, enforceRateLimits, firstInWindow, giveBack } from '../rate-limit.js';
import { isKnownDevice, KNOWN_DEVICE_TTL_MS, rememberDevice } from './known-devices.js';
import {
  assertCodeBudget,
  type CodeCheck,
  consumeVerification,
  createVerification,
  VERIFIED_WINDOW_MS,
  type VerificationPurpose,
  verifyOtp,
} from './otp.js';
import { forgivePasswordTry, takePasswordTry } from './password-guard.js';
import { verifyPassword } from './passwords.js';
import { changePassword, setPasswordForVerifiedPhone } from './service.js';
import { deleteSession } from './sessions.js';

const WINDOW_SECONDS = 15 * 60;
const DAY_SECONDS = 24 * 60 * 60;

const noAccount = () => notFound('لا يوجد حساب مسجل بهذا الرقم');

export const authRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const perAddress = config.authRateLimitPerAddress;
  const { verification: VERIFICATION_COOKIE, device: DEVICE_COOKIE } = cookieNames(
    config.secureCookies,
  );
  const brand = config.brand.productName;

  /** Per phone and per address, so neither one phone nor one machine can hammer a call. */
  const limit = (request: FastifyRequest, action: string, phone: string, perPhone: number) =>
    enforceRateLimits(db, [
      { key: `${action}:phone:${phone}`, limit: perPhone, windowSeconds: WINDOW_SECONDS },
      {
        key: `${action}:ip:${addressKey(request.ip)}`,
        limit: perAddress,
        windowSeconds: WINDOW_SECONDS,
      },
    ]);

  /**
   * A notice to the phone's owner, through the outbox: it never delays the request, survives a
   * provider outage, and shows in the console. Its failure never undoes what was done.
   */
  const tellOwner = async (message: { to: string; body: string }) => {
    await enqueueNotice(db, { ...message, cause: `notice:${message.to}:${randomUUID()}` });
    ctx.outbox.kick();
  };

  const tellPasswordChanged = (phone: string) =>
    tellOwner({
      to: phone,
      body: `تم تغيير كلمة المرور لحسابك في ${brand}. إذا لم تكن أنت من غيّرها، تواصل معنا فوراً على ${config.brand.phone}.`,
    });

  /** After a wrong code: once the budget is spent, the owner hears of it, once a day. */
  const onWrongCode =
    (phone: string) =>
    async ({ budgetSpent }: CodeCheck) => {
      if (!budgetSpent) return;
      if (await firstInWindow(db, `otp-budget-notice:${phone}`, DAY_SECONDS)) {
        await tellOwner({
          to: phone,
          body: `أُوقف الدخول برمز التحقق لرقمك في ${brand} لمدة ٢٤ ساعة بعد محاولات خاطئة متكررة. لا تشارك أي رمز مع أحد، ويمكنك الدخول بكلمة المرور.`,
        });
      }
    };

  /** Binds a verified code to this client: a short-lived, single-use, HttpOnly cookie. */
  const bindVerification = async (
    reply: FastifyReply,
    phone: string,
    purpose: VerificationPurpose,
  ) => {
    const token = await createVerification(db, phone, purpose);
    reply.setCookie(VERIFICATION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: config.secureCookies,
      path: '/',
      maxAge: VERIFIED_WINDOW_MS / 1000,
    });
  };

  const spendVerification = async (
    request: FastifyRequest,
    reply: FastifyReply,
    phone: string,
    purpose: VerificationPurpose,
  ) => {
    await consumeVerification(db, request.cookies[VERIFICATION_COOKIE], phone, [purpose]);
    reply.clearCookie(VERIFICATION_COOKIE, { path: '/', secure: config.secureCookies });
  };

  /** Starts the session and remembers the browser, unless it is already known. */
  const signedIn = async (reply: FastifyReply, broker: Broker, knownDevice = false) => {
    await reply.startSession(broker);
    if (!knownDevice) {
      reply.setCookie(DEVICE_COOKIE, await rememberDevice(db, broker.id), {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.secureCookies,
        path: '/',
        maxAge: KNOWN_DEVICE_TTL_MS / 1000,
      });
    }
    return { user: toProfile(broker) };
  };
  const knownDevice = (request: FastifyRequest, broker: Broker) =>
    isKnownDevice(db, broker.id, request.cookies[DEVICE_COOKIE]);

  serve(app, authEndpoints.checkPhone, async (request) => {
    await enforceRateLimits(db, [
      {
        key: `check-phone:ip:${addressKey(request.ip)}`,
        limit: perAddress,
        windowSeconds: WINDOW_SECONDS,
      },
    ]);
    const broker = await findBrokerByPhone(db, request.body.phone);
    return { requiresOtp: !broker?.firstTimeOtpVerified };
  });

  serve(app, authEndpoints.sendOtp, async (request) => {
    const { phone, purpose } = request.body;
    await limit(request, 'send-otp', phone, 5);
    // A phone whose budget is spent gets no new codes either: they could not be used.
    await assertCodeBudget(db, phone);
    const code = await sendNewCode(
      { db, channels: ctx.channels, log: request.log, productName: brand },
      { to: phone, purpose },
    );
    return {
      message: 'تم إرسال رمز التحقق',
      ...(config.exposeOtpInResponses ? { otpCode: code } : {}),
    };
  });

  serve(app, authEndpoints.verifyOtp, async (request, reply) => {
    const { phone, otp, password } = request.body;
    await limit(request, 'verify-otp', phone, 10);
    await verifyOtp(db, phone, otp, 'sign_in', onWrongCode(phone));
    const { broker, replaced } = await setPasswordForVerifiedPhone(db, phone, password);
    if (replaced) await tellPasswordChanged(phone);
    return signedIn(reply, broker);
  });

  serve(app, authEndpoints.verifyOtpOnly, async (request, reply) => {
    const { phone, otp } = request.body;
    await limit(request, 'verify-otp', phone, 10);
    await verifyOtp(db, phone, otp, 'sign_in', onWrongCode(phone));
    await bindVerification(reply, phone, 'create');
    return { verified: true as const };
  });

  serve(app, authEndpoints.verifyOtpTemp, async (request, reply) => {
    const { phone, otp } = request.body;
    await limit(request, 'verify-otp', phone, 10);
    if (!(await findBrokerByPhone(db, phone))) throw noAccount();
    await verifyOtp(db, phone, otp, 'reset', onWrongCode(phone));
    await bindVerification(reply, phone, 'reset');
    return { verified: true as const };
  });

  serve(app, authEndpoints.createPassword, async (request, reply) => {
    const { phone, password } = request.body;
    await limit(request, 'set-password', phone, 10);
    await spendVerification(request, reply, phone, 'create');
    const { broker, replaced } = await setPasswordForVerifiedPhone(db, phone, password);
    if (replaced) await tellPasswordChanged(phone);
    return signedIn(reply, broker);
  });

  serve(app, authEndpoints.register, async (request, reply) => {
    const { phone, password } = request.body;
    await limit(request, 'set-password', phone, 10);
    const existing = await findBrokerByPhone(db, phone);
    if (existing?.firstTimeOtpVerified) {
      throw new AppError(409, 'ALREADY_REGISTERED', 'هذا الرقم مسجل مسبقاً، يرجى تسجيل الدخول');
    }
    await spendVerification(request, reply, phone, 'create');
    const { broker } = await setPasswordForVerifiedPhone(db, phone, password);
    return signedIn(reply, broker);
  });

  serve(app, authEndpoints.login, async (request, reply) => {
    const { phone, password } = request.body;
    // A hard limit on wrong passwords per phone from one address, and on tries per address
    // over all phones; per phone alone, a growing delay (takePasswordTry), so nobody can lock
    // the owner out.
    const address = addressKey(request.ip);
    const wrongPasswords = {
      key: `login:phone-ip:${phone}:${address}`,
      limit: 10,
      windowSeconds: WINDOW_SECONDS,
    };
    await enforceRateLimits(db, [
      wrongPasswords,
      { key: `login:ip:${address}`, limit: perAddress, windowSeconds: WINDOW_SECONDS },
    ]);
    const broker = await findBrokerByPhone(db, phone);
    if (!broker?.firstTimeOtpVerified) {
      throw new AppError(403, 'OTP_REQUIRED', 'يرجى التحقق من رقم الجوال برمز التحقق أولاً', {
        requiresOtp: true,
      });
    }
    const known = await knownDevice(request, broker);
    const attempt = await takePasswordTry(db, phone, { knownDevice: known });
    if (!(await verifyPassword(password, broker.passwordHash))) {
      throw new AppError(401, 'INVALID_CREDENTIALS', 'كلمة المرور غير صحيحة');
    }
    await forgivePasswordTry(db, attempt);
    // Only wrong passwords count toward the limit: the owner signing in often is not refused.
    await giveBack(db, [wrongPasswords]);
    return signedIn(reply, broker, known);
  });

  serve(app, authEndpoints.logout, async (request, reply) => {
    if (request.sessionId) await deleteSession(db, request.sessionId);
    reply.endSession();
    return { ok: true as const };
  });

  serve(app, authEndpoints.resetPassword, async (request, reply) => {
    const { phone, newPassword } = request.body;
    await limit(request, 'set-password', phone, 10);
    if (!(await findBrokerByPhone(db, phone))) throw noAccount();
    await spendVerification(request, reply, phone, 'reset');
    await setPasswordForVerifiedPhone(db, phone, newPassword);
    await tellPasswordChanged(phone);
    return { ok: true as const };
  });

  serve(app, authEndpoints.changePassword, async (request) => {
    const broker = await currentAccount(db, request);
    const { currentPassword, newPassword } = request.body;
    await limit(request, 'change-password', broker.phone, 10);
    if (!(await verifyPassword(currentPassword, broker.passwordHash))) {
      throw new AppError(400, 'WRONG_PASSWORD', 'كلمة المرور الحالية غير صحيحة', {
        fields: { currentPassword: 'كلمة المرور الحالية غير صحيحة' },
      });
    }
    await changePassword(db, broker.id, newPassword, request.sessionId);
    return { ok: true as const };
  });
};
