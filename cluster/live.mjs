// The cluster check's live checks (issue 34): a notification made through one API process reaches
// the sockets of its user on every process, a session signed out on one is refused by the others
// at once, its sockets on them disconnected, and a socket whose process is lost reconnects through
// the balancer to a live one and hears the next notification (issue 54).
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
    timeout: 60_000,
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
    // As long as the balancer waits (decision 065): a busy machine's slow answer is not a failure.
    signal: AbortSignal.timeout(200_000),
  });
  const text = await answer.text();
  return { status: answer.status, text, json: () => JSON.parse(text), key, at };
}

const isoDay = (date) => date.toISOString().slice(0, 10);

/** A rental request of `requester` made through `url`; `record` is told of its write. */
async function newRequest(url, requester, notes, record) {
  const material = requester.materials[0];
  const back = new Date(Date.now() + 14 * 86_400_000);
  const body = {
    locationId: requester.locationId,
    requestedDate: isoDay(new Date()),
    returnDate: isoDay(back),
    notes,
    items: [{ materialId: material.id, name: material.name, quantity: 1, unit: material.unit }],
  };
  const answer = await call(url, 'POST', '/api/rental-requests', requester.token, body);
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
  return answer;
}

/**
 * A socket of `token` through the balancer, kept on process `server` by its cookie, that
 * reconnects as the web app's does (apps/web/src/lib/socket.ts: after about a second, then up to
 * 10 s apart, and once more after the server's own goodbye): when it connected, when it lost its
 * connection and why, and what it was told. `close()` ends it.
 */
export function followingSocket(balancer, token, server) {
  const socket = io(balancer, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: true,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 10_000,
    timeout: 20_000,
    extraHeaders: { cookie: `${COOKIE}=${server}` },
  });
  const follower = {
    server,
    connects: [],
    disconnects: [],
    events: [],
    connected: new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    }),
    close: () => socket.close(),
  };
  socket.on('connect', () => follower.connects.push(Date.now()));
  socket.on('disconnect', (reason) => {
    follower.disconnects.push({ at: Date.now(), reason });
    if (reason === 'io server disconnect') setTimeout(() => socket.connect(), 1_000);
  });
  socket.onAny((event, ...args) => follower.events.push({ event, args, at: Date.now() }));
  return follower;
}

/**
 * Whether `follower`, whose process was lost at `lostAt`, connected again through the balancer
 * within `timeoutMs`, and then heard the notification of a request that `requester` made through
 * the balancer. `record` is told of the request's write.
 */
export async function reconnectCheck({
  balancer,
  follower,
  lostAt,
  requester,
  record,
  timeoutMs = 60_000,
}) {
  try {
    const back = await until(
      () => follower.connects.some((at) => at > lostAt) && follower.disconnects.length > 0,
      timeoutMs,
    );
    const cut = follower.disconnects[0];
    if (!cut)
      return {
        ok: false,
        detail: `the socket kept on ${follower.server} never lost its connection`,
      };
    if (!back) {
      return {
        ok: false,
        detail: `the socket kept on ${follower.server} lost its connection (${cut.reason}) and did not connect again within ${timeoutMs / 1000} s`,
      };
    }
    const again = follower.connects.find((at) => at > lostAt);
    const reconnectMs = again - cut.at;
    const answer = await newRequest(
      balancer,
      requester,
      'Cluster check: heard by a socket that reconnected',
      record,
    );
    if (answer.status !== 201 && answer.status !== 200) {
      return {
        ok: false,
        reconnectMs,
        detail: `request through the balancer: ${answer.status} ${answer.text.slice(0, 120)}`,
      };
    }
    const id = answer.json().data.id;
    const told = await until(
      () =>
        follower.events.some(
          (e) => e.event === 'notification' && String(e.args[0]?.message).includes(`#${id} `),
        ),
      10_000,
    );
    return {
      ok: told,
      reconnectMs,
      detail: `the socket kept on ${follower.server} lost its connection (${cut.reason}) ${cut.at - lostAt} ms after the kill, connected again through the balancer ${reconnectMs} ms later, ${told ? 'and was told' : 'but was NOT told'} of request #${id}`,
    };
  } finally {
    follower.close();
  }
}

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
  timeoutMs = 30_000,
}) {
  const started = Date.now();
  const { sockets, failed } = await socketsOnEveryProcess(balancer, apis, admin.token);
  try {
    if (failed.length) return { ok: false, detail: `sockets not connected: ${failed.join('; ')}` };
    const answer = await newRequest(
      via.url,
      requester,
      `Cluster check: live notification through ${via.name}`,
      record,
    );
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
