import { setTimeout as sleep } from 'node:timers/promises';
import type { SwaggerTransformObject } from '@fastify/swagger';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAYED_HEADER,
  MESSAGES,
  ownLocation,
  type SessionUser,
  takesIdempotencyKey,
} from '@stockyard/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../lib/actor';
import { AppError } from '../lib/app-error';
import {
  type KeyedRequest,
  KeyTakenError,
  requestHashOf,
  withRequestKey,
} from '../lib/idempotency';
import {
  findKey,
  insertAnswered,
  pruneKeys,
  type StoredKey,
  storeAnswer,
} from '../lib/idempotency.repository';

const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
/** How long a request waits for the answer of another with its key before it is refused 409. */
const WAIT_MS = 10_000;
/** How often the waiting request looks for the other's answer. */
const POLL_MS = 25;
/**
 * A key without an answer this long after its request began was taken by a change that committed
 * in a process that ended before it answered: the change is made, its answer is lost.
 */
const ANSWER_LOST_AFTER_MS = 5 * 60_000;
/** Keys past their lifetime are deleted at most this often, by the next write that sends one. */
const PRUNE_EVERY_MS = 10 * 60_000;

/** The header as sent: absent, or 1 to 255 printable characters (400 otherwise). */
function keyOf(request: FastifyRequest): string | null {
  const value = request.headers[HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw new AppError('VALIDATION_ERROR', MESSAGES.idempotencyKeyInvalid, [
      { path: IDEMPOTENCY_KEY_HEADER, message: MESSAGES.idempotencyKeyInvalid },
    ]);
  }
  return value;
}

/** The stored answer, sent again as it was (its text is not serialized again). */
function replay(reply: FastifyReply, stored: StoredKey & { statusCode: number }): string {
  reply
    .code(stored.statusCode)
    .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
    .type('application/json; charset=utf-8');
  return stored.responseBody ?? '';
}

/**
 * Whether the stored answer may go to the user as they are now: an admin sees any; a field manager
 * only one given for their current location, so that a replay shows nothing of where they were.
 */
function mayReplayTo(user: SessionUser, stored: StoredKey): boolean {
  const now = ownLocation(user);
  return now === null || now === stored.scopeLocationId;
}

const isSameRequest = (stored: StoredKey, request: KeyedRequest) =>
  stored.method === request.method &&
  stored.path === request.path &&
  stored.requestHash === request.requestHash;

/**
 * Idempotency keys (decision 019): every write but /api/auth's takes an `Idempotency-Key` per user.
 * The same method, URL and body again gets the first answer (`Idempotent-Replayed: true`); another
 * body is 422. The key commits with the change, so a request that failed before may be sent again;
 * a repeat while the first runs waits up to 10 s, then 409. Keys live 24 hours.
 */
async function idempotency(app: FastifyInstance): Promise<void> {
  const { db, jwtSecret } = app.ctx;
  const keyed = new WeakMap<FastifyRequest, KeyedRequest>();
  let prunedAt = Number.NEGATIVE_INFINITY;

  function pruneNowAndThen(request: FastifyRequest) {
    const now = Date.now();
    if (now - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now;
    pruneKeys(db).catch((error: unknown) => {
      request.log.warn({ err: error }, 'idempotency keys not pruned');
    });
  }

  /** The answer to a request whose key another request holds: theirs, once they have one. */
  async function answerOfOther(
    reply: FastifyReply,
    request: KeyedRequest,
    user: SessionUser,
  ): Promise<string> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const stored = await findKey(db, request.userId, request.key);
      if (stored && !isSameRequest(stored, request)) {
        throw new AppError('IDEMPOTENCY_KEY_REUSED', MESSAGES.idempotencyKeyReused);
      }
      if (stored?.statusCode != null) {
        if (!mayReplayTo(user, stored)) {
          throw new AppError('FORBIDDEN', MESSAGES.idempotencyOtherLocation);
        }
        return replay(reply, { ...stored, statusCode: stored.statusCode });
      }
      if (stored && Date.now() - stored.createdAt.getTime() > ANSWER_LOST_AFTER_MS) {
        throw new AppError('CONFLICT', MESSAGES.idempotencyAnswerLost);
      }
      if (Date.now() >= deadline) {
        throw new AppError('REQUEST_IN_PROGRESS', MESSAGES.idempotencyKeyInProgress);
      }
      await sleep(POLL_MS);
    }
  }

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.config?.access?.public) return;
    if (!methods.every((method) => takesIdempotencyKey(method, route.url))) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function idempotentWrite(request, reply) {
      const key = keyOf(request);
      if (key === null) return handler.call(this, request, reply);
      const { user } = requireAuth(request);
      const keyedRequest: KeyedRequest = {
        userId: user.id,
        key,
        method: request.method,
        path: request.url,
        requestHash: requestHashOf(jwtSecret, request.body),
        scopeLocationId: ownLocation(user),
        state: 'open',
      };
      pruneNowAndThen(request);
      if (await findKey(db, keyedRequest.userId, key)) {
        return answerOfOther(reply, keyedRequest, user);
      }
      keyed.set(request, keyedRequest);
      try {
        return await withRequestKey(keyedRequest, () => handler.call(this, request, reply));
      } catch (error) {
        if (!(error instanceof KeyTakenError)) throw error;
        // Another request with this key committed first: its answer is this one's.
        keyed.delete(request);
        return answerOfOther(reply, keyedRequest, user);
      }
    };
  });

  // The answer as sent: stored once the request's change committed with the key, whatever it is;
  // without a change of its own, only a success (a refusal may be sent again and run again).
  app.addHook('onSend', async (request, reply, payload) => {
    const keyedRequest = keyed.get(request);
    if (!keyedRequest) return payload;
    keyed.delete(request);
    const taken = keyedRequest.state === 'taken';
    keyedRequest.state = 'done';
    const status = reply.statusCode;
    if (typeof payload !== 'string' || (!taken && (status < 200 || status >= 300))) return payload;
    try {
      if (taken) await storeAnswer(db, keyedRequest, status, payload);
      else await insertAnswered(db, keyedRequest, status, payload);
    } catch (error) {
      // The change stands and its answer goes out; sent again, the key answers 409 (answer lost).
      request.log.error({ err: error }, 'idempotency key answer not stored');
    }
    return payload;
  });
}

type Operation = { parameters?: unknown[]; responses?: Record<string, unknown> };
type Document = {
  components?: { parameters?: Record<string, unknown> };
  paths?: Record<string, Record<string, Operation>>;
};

/**
 * The OpenAPI document (@fastify/swagger's `transformObject`): the header, one shared parameter,
 * on every write that takes it, with its refusals (422; 409 while the first request runs).
 */
export const documentIdempotencyKey: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const openapi = document.openapiObject as Document;
  openapi.components = openapi.components ?? {};
  openapi.components.parameters = {
    ...openapi.components.parameters,
    IdempotencyKey: {
      name: IDEMPOTENCY_KEY_HEADER,
      in: 'header',
      required: false,
      description:
        'A key of your own for this request (a UUID), 1 to 255 printable characters, kept 24 hours per user. ' +
        'Sent again with the same method, URL and body, the request is answered its first answer again ' +
        '(with Idempotent-Replayed: true) and changes nothing; with another one it is refused 422 ' +
        '(decision 019).',
      schema: {
        type: 'string',
        minLength: 1,
        maxLength: 255,
        pattern: IDEMPOTENCY_KEY_PATTERN.source,
      },
    },
  };
  for (const [path, operations] of Object.entries(openapi.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const refused = operation.responses?.['401'] as { content?: unknown } | undefined;
      // Only a signed-in user's writes: the key is theirs.
      if (!takesIdempotencyKey(method, path) || !refused) continue;
      operation.parameters = [
        ...(operation.parameters ?? []),
        { $ref: '#/components/parameters/IdempotencyKey' },
      ];
      const responses = operation.responses ?? {};
      responses['422'] = {
        description: 'The Idempotency-Key was used for another request',
        content: refused.content,
      };
      responses['409'] = responses['409'] ?? {
        description: 'A request with this Idempotency-Key is still running',
        content: refused.content,
      };
      operation.responses = responses;
    }
  }
  return openapi;
};

export default fp(idempotency, { name: 'idempotency', dependencies: ['auth'] });
