import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Access } from '#contract/common';
import type { ApiScope } from '#domain';
import { type ApiCaller, authenticateApiKey } from '../api-keys/service.js';
import {
  createSession,
  findSession,
  type SessionBroker,
  sessionLifetimeMs,
} from '../auth/sessions.js';
import { findBrokerById } from '../brokers/service.js';
import type { Database } from '../db/client.js';
import type { Broker } from '../db/schema.js';
import { AppError, forbidden, notSignedIn } from '../errors.js';
import { addressKey, enforceRateLimits } from '../rate-limit.js';

/** Who may call a route. Every /api route must say it; the server refuses to start otherwise. */
export type { Access } from '#contract/common';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** What the route does, in a few words (the route table says it). */
    summary?: string;
    /** The route answers a file or a stream, not JSON (declared so in the contract). */
    notJson?: boolean;
    /** With `apiKey` access: the scope the caller's key must bear (decision 077). */
    scope?: ApiScope;
  }
  interface FastifyRequest {
    broker: SessionBroker | null;
    sessionId: string | null;
    /** The inbound API's caller: the key its bearer token names (decision 077). */
    apiKey: ApiCaller | null;
  }
  interface FastifyReply {
    startSession(broker: Broker): Promise<void>;
    endSession(): void;
  }
}

/**
 * Cookie names: with Secure cookies (production) the `__Host-` prefix makes the browser refuse
 * any cookie of that name set by a sibling domain or over plain HTTP.
 */
export const cookieNames = (secureCookies: boolean) =>
  secureCookies
    ? {
        session: '__Host-sid',
        verification: '__Host-vrf',
        device: '__Host-did',
        dataAccess: '__Host-dac',
      }
    : { session: 'sid', verification: 'vrf', device: 'did', dataAccess: 'dac' };

export async function registerSessions(
  app: FastifyInstance,
  options: { db: Database; secureCookies: boolean },
): Promise<void> {
  const { db, secureCookies } = options;
  const SESSION_COOKIE = cookieNames(secureCookies).session;
  await app.register(fastifyCookie);
  app.decorateRequest('broker', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('apiKey', null);

  app.decorateReply('startSession', async function (this: FastifyReply, broker: Broker) {
    const token = await createSession(db, broker);
    this.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      path: '/',
      maxAge: sessionLifetimeMs(broker) / 1000,
    });
  });
  app.decorateReply('endSession', function (this: FastifyReply) {
    this.clearCookie(SESSION_COOKIE, { path: '/', secure: secureCookies });
  });

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare who may call it`);
    }
  });

  // Before validation, so a caller without the right gets 401/403 whatever the body holds,
  // never a 400 that tells them what the call expects.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    // The inbound API knows keys only, never a session: a browser's cookie opens nothing there.
    if (access === 'apiKey') {
      await bearerKey(db, request);
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await findSession(db, token) : null;
    if (session) {
      request.broker = session.broker;
      request.sessionId = session.sessionId;
    }
    if (access === 'public') return;
    const broker = request.broker;
    if (!broker) throw notSignedIn();
    if (access === 'admin' && !broker.isAdmin && !broker.isSuperAdmin) throw forbidden();
    if (access === 'superadmin' && !broker.isSuperAdmin) throw forbidden();
  });
}

/** Calls of the inbound API a key may make in a minute, and an address whatever its keys. */
export const API_CALLS_PER_MINUTE = { key: 120, address: 600 } as const;

/**
 * Sets the key an inbound call's `Authorization: Bearer` names (decision 077), checked live,
 * within its budget and bearing the route's scope; 401, 429 or 403 otherwise.
 */
async function bearerKey(db: Database, request: FastifyRequest): Promise<void> {
  await enforceRateLimits(db, [
    {
      key: `api-address:${addressKey(request.ip)}`,
      limit: API_CALLS_PER_MINUTE.address,
      windowSeconds: 60,
    },
  ]);
  const match = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '');
  const key = match?.[1] ? await authenticateApiKey(db, match[1]) : null;
  if (!key) {
    throw new AppError(
      401,
      'API_KEY_INVALID',
      'مفتاح الواجهة مفقود أو غير صالح أو منتهٍ أو ملغى',
      {},
      { 'www-authenticate': 'Bearer' },
    );
  }
  // Known from here: a refusal below (its budget, its scope) is audited under the key too.
  request.apiKey = key;
  await enforceRateLimits(db, [
    { key: `api-key:${key.id}`, limit: API_CALLS_PER_MINUTE.key, windowSeconds: 60 },
  ]);
  const scope = request.routeOptions.config.scope;
  if (!scope || !key.scopes.includes(scope)) {
    throw new AppError(403, 'API_SCOPE', `لا يملك هذا المفتاح صلاحية ${scope ?? ''}`.trim());
  }
}

/** The inbound API's caller, on a route whose access is `apiKey`. */
export function currentApiKey(request: FastifyRequest): ApiCaller {
  if (!request.apiKey) throw notSignedIn();
  return request.apiKey;
}

/** The signed-in broker of a route whose access is not public. */
export function currentBroker(request: FastifyRequest): SessionBroker {
  if (!request.broker) throw notSignedIn();
  return request.broker;
}

/**
 * The whole account row of the signed-in broker, for the few routes that need more than the
 * session carries (the profile, the password hash).
 */
export async function currentAccount(db: Database, request: FastifyRequest): Promise<Broker> {
  const account = await findBrokerById(db, currentBroker(request).id);
  if (!account) throw notSignedIn();
  return account;
}
