// `npm run failover-check`: the database tier survives the loss of its leader. On this
// machine, with Debian packages only (`postgresql`, `patroni`, `etcd-server`, `haproxy`): an
// etcd of three members (e1 beside pg1, e2 beside pg2, e3 a witness), two PostgreSQL servers managed by Patroni (run as `postgres`, their data
// directories under .tmp/failover) with synchronous replication (`synchronous_mode: true`) and
// `use_pg_rewind`, WAL archived to a directory, an HAProxy that sends connections to the leader
// by Patroni's REST check (`/primary`), two API processes on it behind the API's HAProxy (the
// configuration of cluster/servers.mjs). A base backup (pg_basebackup) is taken, then writers make
// locations through the balancer, each write with its Idempotency-Key and sent again with it
// until acknowledged, while the database goes through a planned switchover (`patronictl
// switchover`) and a failover (SIGKILL of the leader's Patroni and postmaster, and of its machine's
// etcd member); the killed node's etcd member and Patroni are started again and it must rejoin as
// a replica (pg_rewind). Then it checks: every
// acknowledged write is on the leader, the API processes (never restarted) serve again and their
// LISTEN connections follow the leader (a session signed out on one process is refused by the
// other), and the base backup restored with the archived WAL to a time between the switchover and
// the failover holds every write acknowledged before that time and none sent after it. Prints the
// figures, writes bench/results/failover-latest.md and failover-YYYY-MM-DD.json, exits non-zero
// when a check fails.
//
// FAILOVER_KEEP=1 keeps .tmp/failover afterwards. The API run is the committed one, built into
// apps/api/.tmp/failover (cluster/servers.mjs's ensureBuild).

import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, openSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { revocationCheck } from '../cluster/live.mjs';
import {
  ensureBuild,
  freePort,
  postgresBin,
  startApi,
  startHaproxy,
  stopChild,
  untilHealthy,
} from '../cluster/servers.mjs';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, '.tmp/failover');
const PORTS = {
  // Three etcd members: e1 beside pg1, e2 beside pg2, e3 a third machine's (a witness).
  etcdClient: [7110, 7112, 7114],
  etcdPeer: [7111, 7113, 7115],
  rest: [7121, 7122],
  postgres: [5541, 5542],
  restored: 5550,
  database: 7130,
  balancer: 7140,
  apis: [7141, 7142],
};
const NODES = ['pg1', 'pg2'];
const ETCD = ['e1', 'e2', 'e3'];
const WRITERS = 3;
/** A writer's pause between two writes: the load is the point, not the throughput. */
const WRITE_PAUSE_MS = 100;

const t0 = Date.now();
const stamp = () => `[${String(Math.round((Date.now() - t0) / 1000)).padStart(4)} s]`;
const log = (...args) => console.log(stamp(), ...args);

const postgresUser = {
  uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
  gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
};
const asPostgres = (command, args, options = {}) =>
  execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });

const state = {
  etcd: [],
  patroni: [],
  dbBalancer: null,
  apis: [],
  balancer: null,
  restored: null,
};

/** A process started here, as `postgres` when `asPostgresUser`, its output in `name`.log. */
function startProcess(name, command, args, { asPostgresUser = false } = {}) {
  const logFd = openSync(path.join(dir, `${name}.log`), 'a');
  return spawn(command, args, {
    stdio: ['ignore', logFd, logFd],
    cwd: dir,
    ...(asPostgresUser
      ? { ...postgresUser, env: { ...process.env, HOME: dir, PATH: process.env.PATH } }
      : {}),
  });
}

const killed = (child) => !child || child.exitCode !== null || child.signalCode !== null;

async function cleanUp() {
  await Promise.all(state.apis.map((api) => stopChild(api.child)));
  await stopChild(state.balancer?.child);
  await stopChild(state.dbBalancer?.child);
  // Patroni stops its PostgreSQL on SIGTERM; one that does not within 30 s is stopped immediately.
  await Promise.all(state.patroni.map((node) => stopChild(node?.child, 30_000)));
  const bin = postgresBin();
  for (const data of [...NODES.map((n) => path.join(dir, n)), path.join(dir, 'restored')]) {
    if (existsSync(path.join(data, 'postmaster.pid'))) {
      try {
        asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        // not running
      }
    }
  }
  await Promise.all(state.etcd.map((member) => stopChild(member)));
  if (process.env.FAILOVER_KEEP !== '1') {
    for (const sub of [
      ...NODES,
      'restored',
      'basebackup',
      'wal',
      ...ETCD.map((e) => `etcd-${e}`),
    ]) {
      await fs.rm(path.join(dir, sub), { recursive: true, force: true });
    }
  }
}

/**
 * A CA of the check's own (openssl), the servers' certificate signed by it for 127.0.0.1 and
 * localhost, and another CA that did not sign it: a client trusting that one must refuse.
 */
async function makeCertificates() {
  const tls = path.join(dir, 'tls');
  await fs.mkdir(tls);
  const openssl = (...args) =>
    execFileSync('openssl', args, {
      cwd: tls,
      stdio: 'ignore',
      env: { ...process.env, OPENSSL_CONF: '/dev/null' },
    });
  for (const ca of ['ca', 'other-ca']) {
    openssl(
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '30'],
      ...[
        '-subj',
        `/CN=Stockyard failover-check ${ca}`,
        '-keyout',
        `${ca}.key`,
        '-out',
        `${ca}.crt`,
      ],
      ...[
        '-addext',
        'basicConstraints=critical,CA:TRUE',
        '-addext',
        'keyUsage=keyCertSign,cRLSign',
      ],
    );
  }
  openssl(
    ...['req', '-new', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1'],
    ...['-keyout', 'server.key', '-out', 'server.csr'],
  );
  await fs.writeFile(path.join(tls, 'server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl(
    ...['x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key'],
    ...['-CAcreateserial', '-days', '30', '-out', 'server.crt', '-extfile', 'server.ext'],
  );
  execFileSync('chown', ['-R', 'postgres:postgres', tls]);
  execFileSync('chmod', ['600', path.join(tls, 'server.key')]);
  return { ca: path.join(tls, 'ca.crt'), otherCa: path.join(tls, 'other-ca.crt') };
}

/** Patroni's configuration of node `i` (YAML is a superset of JSON). */
function patroniConfig(i, secrets) {
  const name = NODES[i];
  const bin = postgresBin();
  return {
    scope: 'stockyard',
    name,
    log: { level: 'INFO' },
    restapi: {
      listen: `127.0.0.1:${PORTS.rest[i]}`,
      connect_address: `127.0.0.1:${PORTS.rest[i]}`,
    },
    // Every member: Patroni goes on through another when the one it talks to is lost.
    etcd3: { hosts: PORTS.etcdClient.map((port) => `127.0.0.1:${port}`) },
    bootstrap: {
      dcs: {
        // The leader's key lives 10 s without a renewal; Patroni renews it every 2 s and retries
        // etcd and PostgreSQL for 4 s (loop_wait + 2 × retry_timeout ≤ ttl).
        ttl: 10,
        loop_wait: 2,
        retry_timeout: 4,
        maximum_lag_on_failover: 1_048_576,
        synchronous_mode: true,
        postgresql: {
          use_pg_rewind: true,
          use_slots: true,
          parameters: {
            wal_level: 'replica',
            wal_log_hints: 'on',
            max_wal_senders: 5,
            max_replication_slots: 5,
            hot_standby: 'on',
            archive_mode: 'on',
            archive_command: `test ! -f ${path.join(dir, 'wal')}/%f && cp %p ${path.join(dir, 'wal')}/%f`,
            archive_timeout: '60s',
            max_connections: 60,
          },
        },
      },
      initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }, 'data-checksums'],
    },
    postgresql: {
      listen: `127.0.0.1:${PORTS.postgres[i]}`,
      connect_address: `127.0.0.1:${PORTS.postgres[i]}`,
      data_dir: path.join(dir, name),
      bin_dir: bin,
      pgpass: path.join(dir, `pgpass-${name}`),
      authentication: {
        superuser: { username: 'postgres', password: secrets.superuser },
        replication: { username: 'replicator', password: secrets.replication },
      },
      parameters: {
        unix_socket_directories: path.join(dir, `socket-${name}`),
        shared_buffers: '128MB',
        ssl: 'on',
        ssl_cert_file: path.join(dir, 'tls/server.crt'),
        ssl_key_file: path.join(dir, 'tls/server.key'),
        log_line_prefix: '%m [%p] %q%u@%d ',
      },
      pg_hba: [
        'local all all peer',
        'local replication postgres peer',
        'host replication replicator 127.0.0.1/32 scram-sha-256',
        // The app's connections only over TLS (the API verifies the certificate: verify-full).
        'hostnossl stockyard stockyard 127.0.0.1/32 reject',
        'host all all 127.0.0.1/32 scram-sha-256',
      ],
    },
  };
}

/**
 * etcd member `i` of three (ETCD), its data in etcd-NAME: started again after a kill, it rejoins
 * from its data directory (the initial-cluster flags are read only the first time). Heartbeats
 * every 250 ms and an election after 2.5 s without one: a busy machine's pauses do not start
 * elections over and over (etcd's defaults are 100 ms and 1 s).
 */
function startEtcd(i) {
  const peer = (k) => `http://127.0.0.1:${PORTS.etcdPeer[k]}`;
  const client = `http://127.0.0.1:${PORTS.etcdClient[i]}`;
  return startProcess(`etcd-${ETCD[i]}`, 'etcd', [
    ...['--name', ETCD[i], '--data-dir', path.join(dir, `etcd-${ETCD[i]}`)],
    ...['--listen-client-urls', client, '--advertise-client-urls', client],
    ...['--listen-peer-urls', peer(i), '--initial-advertise-peer-urls', peer(i)],
    ...['--initial-cluster', ETCD.map((e, k) => `${e}=${peer(k)}`).join(',')],
    ...['--initial-cluster-state', 'new', '--initial-cluster-token', 'stockyard-failover-check'],
    ...['--heartbeat-interval', '250', '--election-timeout', '2500'],
  ]);
}

/** The etcd member that leads the raft group now (its name), from any member's status. */
async function etcdLeader() {
  for (const port of PORTS.etcdClient) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/v3/maintenance/status`, {
        method: 'POST',
        body: '{}',
        signal: AbortSignal.timeout(2000),
      });
      const status = await answer.json();
      const members = await fetch(`http://127.0.0.1:${port}/v3/cluster/member/list`, {
        method: 'POST',
        body: '{}',
        signal: AbortSignal.timeout(2000),
      }).then((a) => a.json());
      const leader = members.members?.find((m) => m.ID === status.leader);
      if (leader) return leader.name;
    } catch {
      // that member is down
    }
  }
  return null;
}

function startPatroni(i) {
  const config = path.join(dir, `patroni-${NODES[i]}.yml`);
  const child = startProcess(`patroni-${NODES[i]}`, 'patroni', [config], { asPostgresUser: true });
  return { name: NODES[i], i, config, child };
}

/** Patroni's view of the cluster: its members with their role and state, from any node's REST. */
async function clusterView() {
  for (const port of PORTS.rest) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/cluster`, {
        signal: AbortSignal.timeout(2000),
      });
      if (answer.ok) return (await answer.json()).members ?? [];
    } catch {
      // that node is down
    }
  }
  return [];
}

async function until(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

const leaderOf = (members) => members.find((m) => m.role === 'leader' && m.state === 'running');
/** The leader and its synchronous standby, both running, streaming. */
const syncPair = async () => {
  const members = await clusterView();
  const leader = leaderOf(members);
  const sync = members.find((m) => m.role === 'sync_standby' && /running|streaming/.test(m.state));
  return leader && sync ? { leader: leader.name, sync: sync.name } : null;
};

function dbHaproxyConfig() {
  return `global
    maxconn 1000

defaults
    mode tcp
    timeout connect 2s
    timeout client 30m
    timeout server 30m
    timeout check 3s

# The API's connections go to the leader: Patroni's REST answers 200 on /primary there only. When
# the leader changes, its sessions are shut at once (on-marked-down shutdown-sessions) and the
# API's pool and LISTEN connections connect again, to the new leader.
listen postgres
    bind 127.0.0.1:${PORTS.database}
    option httpchk GET /primary
    http-check expect status 200
    default-server inter 1s fastinter 500ms downinter 1s fall 2 rise 1 on-marked-down shutdown-sessions
${NODES.map((n, i) => `    server ${n} 127.0.0.1:${PORTS.postgres[i]} maxconn 100 check port ${PORTS.rest[i]}`).join('\n')}
`;
}

async function startDbHaproxy() {
  const config = path.join(dir, 'haproxy-db.cfg');
  await fs.writeFile(config, dbHaproxyConfig());
  execFileSync('haproxy', ['-c', '-q', '-f', config]);
  const child = startProcess('haproxy-db', 'haproxy', ['-db', '-f', config]);
  return { child, config };
}

/** psql as postgres on node `i`'s socket. */
const psql = (i, sql, database = 'postgres') =>
  asPostgres(path.join(postgresBin(), 'psql'), [
    '-h',
    path.join(dir, `socket-${NODES[i]}`),
    '-p',
    String(PORTS.postgres[i]),
    '-d',
    database,
    '-XAtq',
    '-v',
    'ON_ERROR_STOP=1',
    '-c',
    sql,
  ]);

/** The seed as committed (the build's tree: its migrations are those of the API it runs). */
function seed(tree, url, secret) {
  const out = path.join(dir, 'seed.json');
  execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(tree, 'cluster/failover-seed.ts'), out],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: url, JWT_SECRET: secret },
    },
  );
  return JSON.parse(readFileSync(out, 'utf8'));
}

/**
 * Writers: each makes locations through the balancer, one after another; a write that fails is
 * sent again with its key until it is acknowledged (as the web app's outbox does).
 */
function startWriters(balancer, token) {
  const writes = [];
  const errors = [];
  const acks = [];
  let stop = false;
  const writer = async (w) => {
    for (let n = 1; !stop; n++) {
      const key = randomUUID();
      const name = `Failover ${w}-${n} ${key.slice(0, 8)}`;
      const write = { key, name, sentAt: Date.now(), ackAt: null, id: null, attempts: 0 };
      writes.push(write);
      while (write.ackAt === null) {
        write.attempts += 1;
        try {
          const answer = await fetch(`${balancer}/api/locations/create`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'idempotency-key': key,
            },
            body: JSON.stringify({
              name,
              address: 'Failover Street 1',
              type: 'FIELD',
              status: 'ACTIVE',
            }),
            signal: AbortSignal.timeout(30_000),
          });
          const text = await answer.text();
          if (answer.ok) {
            write.ackAt = Date.now();
            write.id = JSON.parse(text).data?.id ?? null;
            acks.push(write.ackAt);
          } else {
            errors.push({ at: Date.now(), status: answer.status, text: text.slice(0, 100) });
            if (answer.status < 500 && answer.status !== 409 && answer.status !== 429) {
              // Refused for good: not a failure of the cluster; counted, not sent again.
              write.refused = `${answer.status} ${text.slice(0, 100)}`;
              break;
            }
            await sleep(250);
          }
        } catch (error) {
          errors.push({ at: Date.now(), status: 0, text: String(error?.message ?? error) });
          await sleep(250);
        }
        if (stop && write.attempts > 40) break;
      }
      await sleep(WRITE_PAUSE_MS);
    }
  };
  const running = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w + 1)));
  return {
    writes,
    errors,
    acks,
    stop: async () => {
      stop = true;
      await running;
    },
  };
}

/** The longest time without an acknowledged write between `from` and `to`, and the first ack after `from`. */
function gapIn(acks, from, to) {
  const inside = acks.filter((a) => a >= from && a <= to).sort((a, b) => a - b);
  let previous = Math.max(0, ...acks.filter((a) => a < from));
  let longest = 0;
  for (const a of inside) {
    longest = Math.max(longest, a - Math.max(previous, from));
    previous = a;
  }
  return longest;
}

async function main() {
  for (const port of [
    ...PORTS.etcdClient,
    ...PORTS.etcdPeer,
    ...PORTS.rest,
    ...PORTS.postgres,
    PORTS.restored,
    PORTS.database,
    PORTS.balancer,
    ...PORTS.apis,
  ]) {
    if ((await freePort(port)) !== port) throw new Error(`port ${port} is taken`);
  }
  const bin = postgresBin();
  for (const command of ['patroni', 'patronictl', 'etcd', 'haproxy']) {
    try {
      execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    } catch {
      throw new Error(
        `${command} is missing: apt-get install -y patroni etcd-server haproxy postgresql python3-etcd`,
      );
    }
  }
  // The committed API, built into a copy of the checks' own (cluster/servers.mjs).
  const { server, tree } = ensureBuild(root, 'failover', log);
  await fs.rm(dir, { recursive: true, force: true });
  await fs.mkdir(path.join(dir, 'wal'), { recursive: true });
  for (const n of NODES) await fs.mkdir(path.join(dir, `socket-${n}`));
  execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  execFileSync('chmod', ['700', dir]);

  const secrets = {
    superuser: randomBytes(12).toString('hex'),
    replication: randomBytes(12).toString('hex'),
    app: randomBytes(12).toString('hex'),
    jwt: randomBytes(32).toString('hex'),
  };

  const certificates = await makeCertificates();
  log(`etcd: three members on ${PORTS.etcdClient.join(', ')}...`);
  state.etcd = ETCD.map((_, i) => startEtcd(i));
  await Promise.all(
    PORTS.etcdClient.map((port) => untilHealthy(`http://127.0.0.1:${port}/health`, 120_000)),
  );
  log(`etcd leader ${await etcdLeader()}`);

  for (const [i, n] of NODES.entries()) {
    const file = path.join(dir, `patroni-${n}.yml`);
    await fs.writeFile(file, JSON.stringify(patroniConfig(i, secrets), null, 2));
    execFileSync('chown', ['postgres:postgres', file]);
    execFileSync('chmod', ['600', file]);
  }
  log('Patroni pg1 (bootstraps the cluster)...');
  state.patroni[0] = startPatroni(0);
  await until('pg1 the leader', async () => leaderOf(await clusterView())?.name === 'pg1', 120_000);
  log('Patroni pg2 (a replica from pg1)...');
  state.patroni[1] = startPatroni(1);
  let pair = await until('a synchronous standby', syncPair, 180_000);
  log(`Leader ${pair.leader}, synchronous standby ${pair.sync}`);

  psql(0, `create role stockyard login password '${secrets.app}'`);
  psql(0, 'create database stockyard owner stockyard');
  state.dbBalancer = await startDbHaproxy();
  const urlTrusting = (ca) =>
    `postgres://stockyard:${secrets.app}@127.0.0.1:${PORTS.database}/stockyard?sslmode=verify-full&sslrootcert=${ca}`;
  const dbUrl = urlTrusting(certificates.ca);
  log(`Migrations and a small data set through the database's HAProxy (${PORTS.database})...`);
  const info = seed(tree, dbUrl, secrets.jwt);

  const apiEnv = { DATABASE_URL: dbUrl, JWT_SECRET: secrets.jwt };
  state.apis = PORTS.apis.map((port, i) =>
    startApi(root, dir, { name: `api${i + 1}`, port, env: apiEnv, server }),
  );
  await Promise.all(state.apis.map((api) => untilHealthy(`${api.url}/api/health`, 120_000)));
  state.balancer = await startHaproxy(dir, PORTS.balancer, state.apis);
  const balancer = state.balancer.url;
  await untilHealthy(`${balancer}/api/health`);
  const apiPids = state.apis.map((a) => a.child.pid);
  log(`API processes ${apiPids.join(', ')} behind HAProxy on ${PORTS.balancer}`);

  // A process that trusts another CA: the database's certificate is wrong for it, and it must
  // refuse to start, saying so.
  const wrong = startApi(root, dir, {
    name: 'api-other-ca',
    port: PORTS.apis[1] + 1,
    env: { ...apiEnv, DATABASE_URL: urlTrusting(certificates.otherCa) },
    server,
  });
  const wrongExit = await Promise.race([
    new Promise((resolve) => wrong.child.once('exit', (code) => resolve(code))),
    sleep(120_000).then(() => 'still running'),
  ]);
  await stopChild(wrong.child);
  const wrongLog = readFileSync(path.join(dir, 'api-other-ca.log'), 'utf8');
  const tlsRefusal = {
    exit: wrongExit,
    message: wrongLog.split('\n').find((l) => l.includes('certificate')) ?? wrongLog.slice(0, 300),
  };
  tlsRefusal.ok = wrongExit === 1 && /certificate was refused/.test(wrongLog);
  log(`A process trusting another CA: exit ${wrongExit}, "${tlsRefusal.message.slice(0, 120)}..."`);

  // The base backup, before the day's writes: the restore replays the archived WAL from it.
  let started = Date.now();
  const leaderIndex = () => NODES.indexOf(pair.leader);
  asPostgres(path.join(bin, 'pg_basebackup'), [
    '-h',
    path.join(dir, `socket-${pair.leader}`),
    '-p',
    String(PORTS.postgres[leaderIndex()]),
    '-D',
    path.join(dir, 'basebackup'),
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  const backup = { baseBackupSeconds: (Date.now() - started) / 1000 };
  log(`Base backup in ${backup.baseBackupSeconds} s`);

  const writers = startWriters(balancer, info.token);
  const events = [];
  await sleep(15_000);

  // 1. A planned switchover.
  const switchover = {
    name: `patronictl switchover ${pair.leader} → ${pair.sync}`,
    from: Date.now(),
  };
  log(switchover.name);
  await run('patronictl', [
    '-c',
    state.patroni[0].config,
    'switchover',
    '--leader',
    pair.leader,
    '--candidate',
    pair.sync,
    '--force',
  ]);
  const expected = pair.sync;
  pair = await until(
    'the switchover: a new leader with a synchronous standby',
    async () => {
      const p = await syncPair();
      return p && p.leader === expected ? p : null;
    },
    120_000,
  );
  const ackAfter = (time) =>
    until('a write acknowledged', async () => writers.acks.find((a) => a > time), 120_000);
  switchover.firstAck = await ackAfter(Date.now());
  switchover.to = Date.now();
  events.push(switchover);
  log(`Leader ${pair.leader}, synchronous standby ${pair.sync} again`);
  await sleep(10_000);

  // The time the restore goes back to: between the switchover and the failover.
  const target = new Date();
  log(`Restore target ${target.toISOString()}`);
  await sleep(10_000);

  // 2. A failover: the leader's Patroni and postmaster killed outright.
  const victim = state.patroni[leaderIndex()];
  const postmaster = Number(
    readFileSync(path.join(dir, victim.name, 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  // Its machine's etcd member too (e1 beside pg1, e2 beside pg2): the two left keep etcd's quorum.
  const victimEtcd = victim.i;
  const etcdLeaderBefore = await etcdLeader();
  const failover = {
    name: `SIGKILL ${victim.name}'s Patroni and PostgreSQL, then its etcd member ${ETCD[victimEtcd]}${etcdLeaderBefore === ETCD[victimEtcd] ? " (etcd's leader)" : ''}`,
    from: Date.now(),
  };
  victim.child.kill('SIGKILL');
  process.kill(postmaster, 'SIGKILL');
  state.etcd[victimEtcd].kill('SIGKILL');
  log(
    `${failover.name} (pids ${victim.child.pid}, ${postmaster}, ${state.etcd[victimEtcd].pid}); etcd's leader was ${etcdLeaderBefore}`,
  );
  const survivor = NODES.find((n) => n !== victim.name);
  await until(
    `${survivor} the leader`,
    async () => leaderOf(await clusterView())?.name === survivor,
    120_000,
  );
  failover.leaderAt = Date.now();
  failover.etcdLeaderAfter = await etcdLeader();
  failover.firstAck = await ackAfter(failover.leaderAt);
  failover.to = Date.now();
  events.push(failover);
  log(`${survivor} leads; writes acknowledged again`);
  await sleep(5000);

  // 3. The old leader's Patroni started again: it rewinds and follows.
  const rejoin = { name: `${victim.name} started again, rejoins`, from: Date.now() };
  // Its postmaster's children may outlive the postmaster for a moment.
  await until(
    'the old postmaster gone',
    async () => {
      try {
        process.kill(postmaster, 0);
        return false;
      } catch {
        return true;
      }
    },
    30_000,
  );
  state.etcd[victimEtcd] = startEtcd(victimEtcd);
  await untilHealthy(`http://127.0.0.1:${PORTS.etcdClient[victimEtcd]}/health`, 120_000);
  log(`etcd member ${ETCD[victimEtcd]} started again, healthy`);
  state.patroni[victim.i] = startPatroni(victim.i);
  pair = await until(
    `${victim.name} a synchronous standby again`,
    async () => {
      const p = await syncPair();
      return p && p.sync === victim.name ? p : null;
    },
    180_000,
  );
  rejoin.to = Date.now();
  events.push(rejoin);
  const rewound = readFileSync(path.join(dir, `patroni-${victim.name}.log`), 'utf8').includes(
    'rewind',
  );
  log(
    `${victim.name} is the synchronous standby of ${pair.leader} again (${rewound ? 'pg_rewind' : 'no rewind needed'})`,
  );
  await sleep(5000);
  await writers.stop();
  const ended = Date.now();

  // Checks.
  const acknowledged = writers.writes.filter((w) => w.ackAt !== null);
  const leaderDb = new pg.Pool({ connectionString: dbUrl, max: 2 });
  leaderDb.on('error', () => undefined);
  const { rows } = await leaderDb.query('select key from idempotency_keys where key = any($1)', [
    acknowledged.map((w) => w.key),
  ]);
  const keys = new Set(rows.map((r) => r.key));
  const { rows: named } = await leaderDb.query('select name from locations where name = any($1)', [
    acknowledged.map((w) => w.name),
  ]);
  const names = new Set(named.map((r) => r.name));
  const lost = acknowledged.filter((w) => !keys.has(w.key) || !names.has(w.name));
  // The same on the standby that rejoined: synchronous replication kept it whole.
  const standbyNames = new Set(
    psql(
      NODES.indexOf(pair.sync),
      "select name from locations where name like 'Failover %'",
      'stockyard',
    )
      .split('\n')
      .filter(Boolean),
  );
  const { rows: lastRow } = await leaderDb.query('select max(id)::int as id from locations');
  // The standby may be a moment behind the last commit's replay: wait for it.
  await until(
    'the standby caught up',
    async () =>
      Number(
        psql(NODES.indexOf(pair.sync), 'select coalesce(max(id), 0) from locations', 'stockyard'),
      ) >= lastRow[0].id,
    30_000,
  ).catch(() => null);
  const standbyMissing = acknowledged.filter((w) => !standbyNames.has(w.name)).length;

  const revocation = await revocationCheck({
    balancer,
    apis: state.apis,
    token: info.revoked[0],
    via: state.apis[0],
  }).catch((error) => ({ ok: false, detail: `failed: ${error?.message ?? error}` }));
  log(
    `Revocation across the processes after the failover: ${revocation.ok ? 'ok' : 'FAILED'}, ${revocation.detail}`,
  );
  const apisNotRestarted = state.apis.every(
    (a, i) => a.child.pid === apiPids[i] && !killed(a.child),
  );
  await leaderDb.end();

  // 4. The backup restored to the target time, into a fresh data directory.
  log('Restore: the base backup and the archived WAL to the target time...');
  psql(NODES.indexOf(pair.leader), 'select pg_switch_wal()');
  await sleep(3000);
  started = Date.now();
  const restored = path.join(dir, 'restored');
  execFileSync('cp', ['-a', path.join(dir, 'basebackup'), restored]);
  await fs.writeFile(path.join(restored, 'recovery.signal'), '');
  await fs.appendFile(
    path.join(restored, 'postgresql.auto.conf'),
    [
      '',
      '# failover-check: a point-in-time restore',
      `restore_command = 'cp ${path.join(dir, 'wal')}/%f %p'`,
      // PostgreSQL's own timestamp syntax (it refuses ISO 8601's T and Z here).
      `recovery_target_time = '${target.toISOString().replace('T', ' ').replace('Z', '+00')}'`,
      "recovery_target_timeline = 'latest'",
      "recovery_target_action = 'promote'",
      `port = ${PORTS.restored}`,
      "listen_addresses = ''",
      `unix_socket_directories = '${restored}'`,
      "archive_mode = 'off'",
      "synchronous_standby_names = ''",
      "primary_conninfo = ''",
      "primary_slot_name = ''",
      '',
    ].join('\n'),
  );
  execFileSync('chown', ['-R', 'postgres:postgres', restored]);
  await run('runuser', [
    '-u',
    'postgres',
    '--',
    path.join(bin, 'pg_ctl'),
    '-D',
    restored,
    '-l',
    path.join(dir, 'restored.log'),
    '-w',
    '-t',
    '300',
    'start',
  ]);
  const psqlRestored = (sql) =>
    asPostgres(path.join(bin, 'psql'), [
      '-h',
      restored,
      '-p',
      String(PORTS.restored),
      '-d',
      'stockyard',
      '-XAtq',
      '-c',
      sql,
    ]);
  await until(
    'the restored server promoted',
    async () => psqlRestored('select pg_is_in_recovery()').trim() === 'f',
    300_000,
  );
  backup.restoreSeconds = (Date.now() - started) / 1000;
  const restoredNames = new Set(
    psqlRestored("select name from locations where name like 'Failover %'")
      .split('\n')
      .filter(Boolean),
  );
  const t = target.getTime();
  const before = acknowledged.filter((w) => w.ackAt < t);
  const after = writers.writes.filter((w) => w.sentAt > t);
  backup.before = before.length;
  backup.beforeMissing = before.filter((w) => !restoredNames.has(w.name)).length;
  backup.after = after.length;
  backup.afterPresent = after.filter((w) => restoredNames.has(w.name)).length;
  backup.walFiles = (await fs.readdir(path.join(dir, 'wal'))).length;
  log(
    `Restored in ${backup.restoreSeconds} s: ${before.length - backup.beforeMissing} of ${before.length} writes acknowledged before the target, ${backup.afterPresent} of ${after.length} sent after it`,
  );

  // etcd whole again: every member answers healthy.
  const etcdAfter = { healthy: 0, leader: await etcdLeader() };
  for (const port of PORTS.etcdClient) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/health`, {
        signal: AbortSignal.timeout(5000),
      });
      if (answer.ok && (await answer.json()).health === 'true') etcdAfter.healthy += 1;
    } catch {
      // down
    }
  }

  // Figures.
  const errorsIn = (e) => writers.errors.filter((x) => x.at >= e.from && x.at <= e.to + 3000);
  const errorsOutside = writers.errors.filter(
    (x) => !events.some((e) => x.at >= e.from && x.at <= e.to + 3000),
  );
  const figures = events.map((e) => ({
    name: e.name,
    seconds: Math.round((e.to - e.from) / 100) / 10,
    longestWithoutAckSeconds: Math.round(gapIn(writers.acks, e.from, e.to) / 100) / 10,
    leaderChangedSeconds: e.leaderAt ? Math.round((e.leaderAt - e.from) / 100) / 10 : null,
    ...(e.etcdLeaderAfter === undefined ? {} : { etcdLeaderAfter: e.etcdLeaderAfter }),
    errors: errorsIn(e).length,
  }));
  const errorKinds = {};
  for (const e of writers.errors) {
    const kind = `${e.status} ${e.text.slice(0, 70)}`;
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  }
  const refused = writers.writes.filter((w) => w.refused);
  const checks = [
    {
      name: 'every acknowledged write is on the leader',
      ok: lost.length === 0,
      detail: `${acknowledged.length - lost.length} of ${acknowledged.length}`,
    },
    {
      name: 'every acknowledged write is on the synchronous standby that rejoined',
      ok: standbyMissing === 0,
      detail: `${acknowledged.length - standbyMissing} of ${acknowledged.length} on ${pair.sync}`,
    },
    {
      name: 'every write sent was acknowledged in the end',
      ok: acknowledged.length === writers.writes.length && refused.length === 0,
      detail: `${acknowledged.length} of ${writers.writes.length}${refused.length ? `, refused: ${refused[0].refused}` : ''}`,
    },
    {
      name: 'writes acknowledged again within 30 s of the switchover',
      ok: figures[0].longestWithoutAckSeconds < 30,
      detail: `at most ${figures[0].longestWithoutAckSeconds} s without an acknowledged write`,
    },
    {
      name: 'writes acknowledged again within 30 s of the failover',
      ok: figures[1].longestWithoutAckSeconds < 30,
      detail: `at most ${figures[1].longestWithoutAckSeconds} s without an acknowledged write (the new leader elected ${figures[1].leaderChangedSeconds} s after the kill)`,
    },
    {
      name: 'the old leader rejoined as the synchronous standby',
      ok: pair.sync === victim.name,
      detail: `${figures[2].seconds} s${rewound ? ', pg_rewind' : ''}`,
    },
    {
      name: 'etcd kept its quorum through the loss of a member, which rejoined',
      ok: etcdAfter.healthy === ETCD.length,
      detail: `${etcdAfter.healthy} of ${ETCD.length} members healthy at the end, leader ${etcdAfter.leader}; leader after the kill ${figures[1].etcdLeaderAfter ?? 'unknown'}`,
    },
    {
      name: 'errors only inside the switchover and failover',
      ok: errorsOutside.length === 0,
      detail: `${errorsOutside.length} outside`,
    },
    {
      name: 'the API processes were not restarted and follow the leader (revocation across them)',
      ok: apisNotRestarted && revocation.ok,
      detail: `${apisNotRestarted ? 'same pids' : 'RESTARTED'}; ${revocation.detail}`,
    },
    {
      name: 'the API connects with sslmode=verify-full; a process trusting another CA refuses to start, saying why',
      ok: tlsRefusal.ok,
      detail: `exit ${tlsRefusal.exit}: ${tlsRefusal.message.slice(0, 160)}`,
    },
    {
      name: 'the backup restored to a time holds every write acknowledged before it and none after',
      ok: backup.beforeMissing === 0 && backup.afterPresent === 0 && backup.before > 0,
      detail: `${backup.before - backup.beforeMissing} of ${backup.before} before, ${backup.afterPresent} of ${backup.after} after; restore ${backup.restoreSeconds} s`,
    },
  ];
  const passed = checks.every((c) => c.ok);
  const summary =
    `failover-check: ${writers.writes.length} writes, ${acknowledged.length} acknowledged, ${lost.length} lost; ` +
    figures
      .map(
        (f) =>
          `${f.name}: ${f.longestWithoutAckSeconds} s without an acknowledged write, ${f.errors} errors`,
      )
      .join('; ') +
    `; restore to the minute ${backup.restoreSeconds} s: ${passed ? 'PASS' : 'FAIL'}`;
  const now = new Date();
  const report = {
    date: now.toISOString(),
    minutes: Math.round((Date.now() - t0) / 6000) / 10,
    machine: {
      cpus: os.cpus().length,
      load: os.loadavg().map((l) => Math.round(l * 10) / 10),
      node: process.versions.node,
    },
    postgres: psql(NODES.indexOf(pair.leader), 'show server_version').trim(),
    patroni: execFileSync('patroni', ['--version'], { encoding: 'utf8' }).trim(),
    etcd: execFileSync('etcd', ['--version'], { encoding: 'utf8' }).split('\n')[0],
    etcdMembers: { members: ETCD.length, ...etcdAfter },
    haproxy: execFileSync('haproxy', ['-v'], { encoding: 'utf8' }).split('\n')[0],
    summary,
    passed,
    checks,
    events: figures,
    writes: {
      sent: writers.writes.length,
      acknowledged: acknowledged.length,
      lost: lost.length,
      secondsOfWriting: Math.round((ended - t0) / 1000),
    },
    errors: { total: writers.errors.length, outside: errorsOutside.length, kinds: errorKinds },
    backup,
    tlsRefusal,
    patroniConfig: patroniConfig(0, { superuser: '***', replication: '***' }),
    databaseHaproxyConfig: dbHaproxyConfig(),
  };
  const results = path.join(root, 'bench/results');
  await fs.writeFile(
    path.join(results, `failover-${now.toISOString().slice(0, 10)}.json`),
    `${JSON.stringify(report, null, 2)}\n`,
  );
  await fs.writeFile(path.join(results, 'failover-latest.md'), markdown(report));
  for (const c of checks) console.log(`${c.ok ? 'ok     ' : 'FAILED '} ${c.name}: ${c.detail}`);
  console.log(summary);
  if (!passed) process.exitCode = 1;
}

function markdown(r) {
  return [
    '# Failover check (issue 54)',
    '',
    `Run ${r.date.slice(0, 16).replace('T', ' ')} UTC, ${r.minutes} minutes in all, by \`npm run failover-check\` on ${r.machine.cpus} CPUs (load ${r.machine.load.join(', ')} at the end), Node ${r.machine.node}; PostgreSQL ${r.postgres}, ${r.patroni}, ${r.etcd}, ${r.haproxy}.`,
    '',
    '```',
    r.summary,
    '```',
    '',
    '| Check | Result | |',
    '|---|---|---|',
    ...r.checks.map(
      (c) => `| ${c.name} | ${c.ok ? 'ok' : '**FAILED**'} | ${c.detail.replaceAll('|', '/')} |`,
    ),
    '',
    '| Event | Until done (s) | Longest without an acknowledged write (s) | Errors the writers saw (each write then sent again) |',
    '|---|---|---|---|',
    ...r.events.map(
      (e) => `| ${e.name} | ${e.seconds} | ${e.longestWithoutAckSeconds} | ${e.errors} |`,
    ),
    '',
    `Backup: pg_basebackup ${r.backup.baseBackupSeconds} s; restored with ${r.backup.walFiles} archived WAL files to the target time in ${r.backup.restoreSeconds} s.`,
    '',
    '## Errors the writers saw (each write was sent again with its key until acknowledged)',
    '',
    ...Object.entries(r.errors.kinds).map(
      ([kind, n]) => `- ${n} × \`${kind.replaceAll('`', "'")}\``,
    ),
    ...(Object.keys(r.errors.kinds).length ? [] : ['None.']),
    '',
  ].join('\n');
}

process.once('SIGINT', () => {
  console.log('Interrupted: stopping the cluster...');
  cleanUp().finally(() => process.exit(130));
});

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanUp();
    process.exit(process.exitCode ?? 0);
  });
