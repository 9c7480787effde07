// The cluster check's live checks (issue 34): a notification made through one API process reaches
// the sockets of its user on every process, and a session signed out on one is refused by the
// others at once, its sockets on them disconnected.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { io } from 'socket.io-client';

const COOKIE = 'STOCKYARD_SERVER';

/**
 * A socket of `token`, WebSocket only (as a client behind a proxy without stickiness must be), to
 * `url`; through the balancer `server` names the process its cookie keeps it on.
 */
function openSocket(url, token, server) {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    timeout: 10_000,
    extraHeaders: server ? { cookie: `${COOKIE}=${server}` } : undefined,
  });
  const events = [];
  socket.onAny((event, ...args) => events.push({ event, args, at: Date.now() }));
  socket.on('disconnect', (reason) => events.push({ event: 'disconnect', args: [reason] }));
  const connected = new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, events, connected, where: server ? `balancer→${server}` : url };
}

async function until(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await sleep(25);
  }
  return true;
}

async function call(url, method, path, token, body) {
  const headers = { authorization: `Bearer ${token}` };
  const key = method === 'GET' ? null : randomUUID();
  if (key) headers['idempotency-key'] = key;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const at = Date.now();
  const answer = await fetch(`${url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await answer.text();
  return { status: answer.status, text, json: () => JSON.parse(text), key, at };
}

const isoDay = (date) => date.toISOString().slice(0, 10);

/** The sockets of `token`: one straight to each process, one through the balancer kept on each. */
async function socketsOnEveryProcess(balancer, apis, token) {
  const sockets = apis.flatMap((api) => [
    openSocket(api.url, token),
    openSocket(balancer, token, api.name),
  ]);
  const results = await Promise.allSettled(sockets.map((s) => s.connected));
  const failed = results
    .map((result, i) =>
      result.status === 'rejected' ? `${sockets[i].where}: ${result.reason?.message}` : null,
    )
    .filter(Boolean);
  return { sockets, failed };
}

/**
 * A rental request made by `requester` through process `via`; answers whether the admin's
 * sockets on every process were told of it (its `notification`, and `changed` of its kind) within
 * `timeoutMs`. `record` is told of the request's write, as the day's are.
 */
export async function notificationCheck({
  balancer,
  apis,
  admin,
  requester,
  via,
  record,
  timeoutMs = 10_000,
}) {
  const started = Date.now();
  const { sockets, failed } = await socketsOnEveryProcess(balancer, apis, admin.token);
  try {
    if (failed.length) return { ok: false, detail: `sockets not connected: ${failed.join('; ')}` };
    const material = requester.materials[0];
    const back = new Date(Date.now() + 14 * 86_400_000);
    const body = {
      locationId: requester.locationId,
      requestedDate: isoDay(new Date()),
      returnDate: isoDay(back),
      notes: `Cluster check: live notification through ${via.name}`,
      items: [{ materialId: material.id, name: material.name, quantity: 1, unit: material.unit }],
    };
    const answer = await call(via.url, 'POST', '/api/rental-requests', requester.token, body);
    record?.({
      token: requester.token,
      method: 'POST',
      path: '/api/rental-requests',
      body,
      key: answer.key,
      at: answer.at,
      answer: {
        status: answer.status,
        ms: Date.now() - answer.at,
        text: answer.text,
        json: answer.json,
      },
    });
    if (answer.status !== 201 && answer.status !== 200) {
      return {
        ok: false,
        detail: `request through ${via.name}: ${answer.status} ${answer.text.slice(0, 120)}`,
      };
    }
    const id = answer.json().data.id;
    const told = (s) =>
      s.events.some(
        (e) => e.event === 'notification' && String(e.args[0]?.message).includes(`#${id} `),
      );
    const heard = (s) => s.events.some((e) => e.event === 'changed');
    await until(() => sockets.every((s) => told(s) && heard(s)), timeoutMs);
    const missing = sockets.filter((s) => !told(s)).map((s) => `${s.where} (no notification)`);
    missing.push(...sockets.filter((s) => !heard(s)).map((s) => `${s.where} (no changed)`));
    return {
      ok: missing.length === 0,
      ms: Date.now() - started,
      detail: missing.length
        ? `request #${id} through ${via.name} not told to ${missing.join(', ')}`
        : `request #${id} through ${via.name} told to all ${sockets.length} sockets`,
    };
  } finally {
    for (const s of sockets) s.socket.close();
  }
}

/**
 * Signs the session of `token` out on process `via`, then at once asks every other process for
 * the profile with it (401 expected), and waits for its sockets on them to be ended.
 */
export async function revocationCheck({ balancer, apis, token, via }) {
  const { sockets, failed } = await socketsOnEveryProcess(balancer, apis, token);
  try {
    if (failed.length) return { ok: false, detail: `sockets not connected: ${failed.join('; ')}` };
    const before = await Promise.all(
      apis.map((api) => call(api.url, 'GET', '/api/auth/profile', token)),
    );
    if (before.some((a) => a.status !== 200)) {
      return {
        ok: false,
        detail: `profile before sign-out: ${before.map((a) => a.status).join(', ')}`,
      };
    }
    const out = await call(via.url, 'POST', '/api/auth/logout', token);
    const outAt = Date.now();
    if (out.status !== 200) return { ok: false, detail: `sign-out on ${via.name}: ${out.status}` };
    const others = apis.filter((api) => api !== via);
    const after = await Promise.all(
      others.map((api) => call(api.url, 'GET', '/api/auth/profile', token)),
    );
    const refusedWithin = Date.now() - outAt;
    const ended = (s) =>
      s.events.some((e) => e.event === 'disconnect' || e.event === 'session:ended');
    await until(() => sockets.every(ended), 5000);
    const problems = [
      ...after
        .map((a, i) => (a.status === 401 ? null : `${others[i].name} answered ${a.status}`))
        .filter(Boolean),
      ...sockets.filter((s) => !ended(s)).map((s) => `socket ${s.where} still open`),
    ];
    return {
      ok: problems.length === 0,
      detail: problems.length
        ? `signed out on ${via.name}: ${problems.join(', ')}`
        : `signed out on ${via.name}: refused by ${others.map((o) => o.name).join(' and ')} (${refusedWithin} ms later), ${sockets.length} sockets ended`,
    };
  } finally {
    for (const s of sockets) s.socket.close();
  }
}
