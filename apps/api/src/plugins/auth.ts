import {
  type ApiRule,
  apiRule,
  MESSAGES,
  mayUse,
  SESSION_END_CODES,
  SESSION_END_MESSAGES,
} from '@stockyard/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import type { RequestAuth } from '../lib/actor';
import { AppError } from '../lib/app-error';
import { accountEndReason, resolveSession } from '../modules/auth/auth.service';
import { type TokenClaims, verifySessionToken } from '../modules/auth/tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's rule from the shared access table, attached when the route registers. */
    access?: ApiRule;
  }
}

type AuthOptions = {
  /** API_DOCS_PUBLIC: the OpenAPI document and its UI without signing in. */
  apiDocsPublic?: boolean;
};

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * A raw token's claims and the live session behind them: null for no token or one that does not
 * verify (a bad signature, expired); `auth` null when the token is ours but its session is dead.
 */
async function sessionOfToken(
  ctx: AppContext,
  token: string | null,
): Promise<{ claims: TokenClaims; auth: RequestAuth | null } | null> {
  if (!token) return null;
  const claims = await verifySessionToken(ctx.jwtSecret, token);
  if (!claims) return null;
  const session = await resolveSession(ctx, claims.sessionId, claims.userId);
  return { claims, auth: session ? { ...session, sessionId: claims.sessionId } : null };
}

/** The session behind a raw token: used by requests and by the socket handshake alike. */
export async function authenticateToken(
  ctx: AppContext,
  token: string | null,
): Promise<RequestAuth | null> {
  return (await sessionOfToken(ctx, token))?.auth ?? null;
}

/**
 * The 401 of a call without a live session. A valid token whose account was deactivated or deleted
 * is told so (asked only here, off a live session's path), for a screen that missed
 * `session:ended`; anything else gets the plain one.
 */
async function unauthorized(ctx: AppContext, claims: TokenClaims | undefined): Promise<AppError> {
  const reason = claims ? await accountEndReason(ctx, claims.userId) : undefined;
  return reason
    ? new AppError(SESSION_END_CODES[reason], SESSION_END_MESSAGES[reason])
    : new AppError('UNAUTHORIZED', MESSAGES.unauthorized);
}

const API_DOCS = '/api/docs';
/** The API document itself; the rest under /api/docs is the documentation page's code. */
const API_DOCUMENT = [`${API_DOCS}/json`, `${API_DOCS}/yaml`];
const SIGNED_IN: ApiRule = { roles: ['ADMIN', 'USER'] };
const PUBLIC: ApiRule = { public: true, roles: [] };

/**
 * The rule of a route, by the shared table. The API document follows API_DOCS_PUBLIC; Swagger UI's
 * own files hold nothing of the API and are open, so the page can load and then ask for the
 * document with the app's bearer token (there is no cookie).
 */
function ruleOf(method: string, url: string, options: AuthOptions): ApiRule | null {
  if (API_DOCUMENT.includes(url)) return options.apiDocsPublic ? PUBLIC : SIGNED_IN;
  if (url === API_DOCS || url.startsWith(`${API_DOCS}/`)) return PUBLIC;
  if (!url.startsWith('/api/') && url !== '/api') return null;
  const path = url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
  const rule = apiRule(method, path);
  if (!rule) {
    throw new Error(
      `${method} ${url} is not in the access table (packages/shared/src/access.ts API_ACCESS): add it there first.`,
    );
  }
  return rule;
}

/**
 * Auth by default: every API route gets its rule from the access table when it registers (a route
 * missing from the table does not start), and one hook checks the session, the role and the flag
 * before any handler runs. The caller's location is checked by the services (lib/location-scope).
 */
async function authPlugin(app: FastifyInstance, options: AuthOptions): Promise<void> {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    // A HEAD route is Fastify's copy of a GET route, and runs its handler: it takes the GET's rule.
    for (const method of [route.method].flat()) {
      const rule = ruleOf(method === 'HEAD' ? 'GET' : method, route.url, options);
      if (rule) route.config = { ...route.config, access: rule };
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const rule = request.routeOptions.config.access;
    if (!rule || rule.public) return;
    // What a signed-in user is answered is theirs alone: no cache keeps it.
    reply.header('cache-control', 'no-store');
    const found = await sessionOfToken(app.ctx, bearerToken(request.headers.authorization));
    request.auth = found?.auth ?? null;
    if (!request.auth) throw await unauthorized(app.ctx, found?.claims);
    if (request.auth.twoFactorSetupRequired && !rule.whileEnrolling) {
      throw new AppError('TWO_FACTOR_SETUP_REQUIRED', MESSAGES.twoFactorSetupRequired);
    }
    if (!mayUse(request.auth.user, rule)) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
  });
}

export default fp(authPlugin, { name: 'auth' });
