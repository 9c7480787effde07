import { randomUUID } from 'node:crypto';
import { MESSAGES, SESSION_LIFETIME_SECONDS } from '@stockyard/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema';
import { signSessionToken } from '../src/modules/auth/tokens';
import { createLocation, createUser, seedActors } from './factories';
import { validish } from './fuzz-arbitraries';
import {
  type FuzzRequest,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  requestsFor,
  sweepFor,
  urlOf,
} from './fuzz-requests';
import { createTestApp, type TestApp } from './helpers';

/** Fixed, so that a failure found once is found again. */
const SEED = 20_261_125;
const RANDOM_CASES_PER_ROUTE = 50;
/** Requests in flight at once: the API serves several callers, and the suite stays within its time. */
const CONCURRENCY = 4;
/** Fuzzed sign-ins count against this address, not against the suite's own. */
const FUZZ_ADDRESS = '198.51.100.7';

let t: TestApp;
let headers: Record<string, string>;
/** Records that exist, so that near-valid requests reach the services; no admin among them. */
let ids: number[];

/**
 * A session of a new admin, opened as sign-in opens one but without the password hash's cost: a
 * fuzzed logout, self-demotion or deactivation ends the suite's session, and many times over.
 */
async function openAdminSession() {
  const admin = await createUser(t.db, { role: 'ADMIN' });
  const sessionId = randomUUID();
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_SECONDS * 1000);
  await t.db.insert(sessions).values({ id: sessionId, userId: admin.id, expiresAt });
  const token = await signSessionToken(t.ctx.jwtSecret, { userId: admin.id, sessionId }, expiresAt);
  headers = { authorization: `Bearer ${token}` };
}

beforeAll(async () => {
  t = await createTestApp();
  const actors = await seedActors(t.app, t.db);
  headers = actors.admin.headers;
  const other = await createLocation(t.db, { type: 'FIELD' });
  const user = await createUser(t.db, { locationId: other.id });
  const materials: number[] = [];
  for (const locationId of [actors.location.id, other.id]) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/materials/create',
      headers,
      payload: { name: 'Scaffold tube', locationId, quantity: 40, unit: 'EACH' },
    });
    materials.push(response.json().data.id);
  }
  const { rows } = await t.db.$client.query<{ id: number }>('select id from notifications');
  ids = [
    actors.location.id,
    other.id,
    actors.manager.user.id,
    user.id,
    ...materials,
    ...rows.map((row) => row.id),
  ];
});

afterAll(async () => {
  await t?.close();
});

/** Why an answer breaks the contract, or null: below 500, and every refusal in the envelope. */
function fault(status: number, body: string): string | null {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return null;
  let reply: { success?: unknown; message?: unknown; code?: unknown };
  try {
    reply = JSON.parse(body);
  } catch {
    return `answered ${status} without a JSON body`;
  }
  if (reply?.success !== false) return `answered ${status} without success: false`;
  if (typeof reply.message !== 'string' || !reply.message) {
    return `answered ${status} without a message`;
  }
  if (typeof reply.code !== 'string' || !reply.code) return `answered ${status} without a code`;
  return null;
}

const short = (text: string | undefined) =>
  text && text.length > 160 ? `${text.slice(0, 160)}… (${text.length} chars)` : (text ?? '');

type Outcome = { status: number; problem: string | null; lostSession: boolean };

async function send(request: FuzzRequest): Promise<Outcome> {
  const response = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...headers, ...request.headers },
    payload: request.payload,
    remoteAddress: FUZZ_ADDRESS,
  });
  const problem = fault(response.statusCode, response.body);
  return {
    status: response.statusCode,
    problem:
      problem &&
      `${request.method} ${short(request.url)} ${short(request.payload)} ${problem}: ${short(response.body)}`,
    lostSession: response.statusCode === 401 || response.statusCode === 403,
  };
}

/** Whether the suite's admin is still one, signed in and active. */
async function stillAdmin(): Promise<boolean> {
  const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
  if (profile.statusCode !== 200) return false;
  const user = profile.json().data;
  return user?.role === 'ADMIN' && user?.status !== false;
}

/** A seed per route from its name, so that a new route does not change the others' cases. */
const seedOf = (key: string) =>
  [...key].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0, SEED);

function casesFor(op: Operation): FuzzRequest[] {
  const seed = seedOf(`${op.method} ${op.path}`);
  const random = fc.sample(requestsFor(op, ids), { seed, numRuns: RANDOM_CASES_PER_ROUTE });
  const [validBody] = op.body ? fc.sample(validish(op.body, ids), { seed, numRuns: 1 }) : [];
  const base = random.find((request) => request.payload !== undefined) ?? random[0]!;
  return [...sweepFor(op, base, validBody), ...random];
}

describe('the fuzzed API', () => {
  it('answers every generated request below 500, every refusal in the error envelope', async () => {
    const operations = operationsOf(t.app.swagger() as OpenApiDocument);
    // The routes come from the document: a route added later is fuzzed without naming it here.
    expect(operations.length).toBeGreaterThan(30);
    const faults: string[] = [];
    const byStatus = new Map<number, number>();
    let cases = 0;
    for (const op of operations) {
      const requests = casesFor(op);
      for (let i = 0; i < requests.length; i += CONCURRENCY) {
        const outcomes = await Promise.all(requests.slice(i, i + CONCURRENCY).map(send));
        for (const { status, problem } of outcomes) {
          byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
          if (problem) faults.push(problem);
        }
        if (outcomes.some((o) => o.lostSession) && !(await stillAdmin())) {
          await openAdminSession();
        }
      }
      cases += requests.length;
    }
    const over500 = faults.filter((f) => / answered 5\d\d/.test(f)).length;
    console.log(`fuzz: ${cases} cases over ${operations.length} routes, ${over500} answers >= 500`);
    const statuses = [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}: ${n}`);
    console.log(`fuzz answers by status: ${statuses.join(', ')}`);
    expect(faults).toEqual([]);
  }, 240_000);
});

/** JSON bodies that are not objects: every route refuses them, 400, before reading them (issue 48). */
const ODD_BODIES = ['null', '0', '-1.5', 'true', '"text"', '""', '[]', '[{}]', '[null]'];

describe('odd JSON bodies', () => {
  it('are 400 on every route that takes a body, and below 500 on every other write', async () => {
    const writes = operationsOf(t.app.swagger() as OpenApiDocument).filter(
      (op) => op.method !== 'GET',
    );
    const withBody = writes.filter((op) => op.body);
    expect(withBody.length).toBeGreaterThan(30);
    const faults: string[] = [];
    for (const op of writes) {
      const url = urlOf(op, Object.fromEntries(op.pathParams.map((p) => [p.name, '1'])));
      for (const payload of ODD_BODIES) {
        const response = await t.app.inject({
          method: op.method as 'POST',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload,
          remoteAddress: FUZZ_ADDRESS,
        });
        const problem = fault(response.statusCode, response.body);
        const refused =
          response.statusCode === 400 && response.json().message === MESSAGES.bodyNotObject;
        if (problem || (op.body && !refused)) {
          faults.push(
            `${op.method} ${url} ${payload}: ${response.statusCode} ${short(response.body)}`,
          );
        }
      }
    }
    expect(faults).toEqual([]);
  }, 60_000);
});
