// The cluster check's servers (issue 34): a PostgreSQL server from Debian's `postgresql` package
// in its own data directory, run as the `postgres` user; the API processes as `npm start` runs
// them after a build (apps/api/dist/server.js, DATABASE_URL set); HAProxy in front of them.
// Everything lives under .tmp/cluster; every process is started here and stopped by its id.
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * `preferred`, or the next port after it that is free on 127.0.0.1 (tests on this machine take
 * ports of their own, the embedded PostgreSQL servers of `npm test` any free one).
 */
export async function freePort(preferred, taken = []) {
  for (let port = preferred; port < preferred + 100; port++) {
    if (taken.includes(port)) continue;
    const free = await new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port from ${preferred}`);
}

/** The binaries of Debian's newest installed PostgreSQL, or null. */
export function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin/pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

const onPath = (name) => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;

/** Installs `postgresql` and `haproxy` from Debian when their binaries are missing. */
export function ensurePackages(log) {
  const missing = [];
  if (!postgresBin()) missing.push('postgresql');
  if (!onPath('haproxy')) missing.push('haproxy');
  if (missing.length === 0) return;
  log(`Installing ${missing.join(' and ')} from Debian (apt-get)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...missing]]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args[0]} failed (${result.status})`);
  }
  if (!postgresBin() || !onPath('haproxy')) throw new Error('postgresql or haproxy still missing');
}

/**
 * What the checks run, as committed: the API's sources and build script, the shared package, and
 * the seeds (which run the API's migrations and sign people in through its code), so that the
 * database's schema and the program that reads it are of one commit.
 */
const BUILD_SOURCES = [
  'apps/api/build.mjs',
  'apps/api/src',
  'apps/api/tsconfig.json',
  'packages/shared/package.json',
  'packages/shared/src',
  'packages/shared/tsconfig.json',
  'tsconfig.base.json',
  'bench/seed.ts',
  'bench/seed-dashboard.ts',
  'bench/seed-day.ts',
  'bench/seed-staff.ts',
  'cluster/seed.ts',
  'cluster/failover-seed.ts',
  'cluster/tsconfig.json',
];

/**
 * The API as the checks run it: the committed sources (`git archive HEAD`) built by their own
 * build script (esbuild, seconds) into apps/api/.tmp/`name`, and built again only when those
 * sources changed (the tree ids of HEAD's apps/api/src, packages/shared/src, bench and cluster).
 * Not the working tree's apps/api/dist: on a machine shared with other work, a build started
 * elsewhere empties that directory and a change half made breaks it (or migrates the database to a
 * schema the build does not know), so a process killed and started again would run another program
 * or none. The web app is not built (the checks ask the API only; its server says "web app not
 * built"). The build sits inside apps/api so that its packages resolve as apps/api/dist's do
 * (apps/api/node_modules, then the root's); the tree's own node_modules/@stockyard/shared points
 * at its shared package. CLUSTER_BUILD=never takes the last build as it is. Answers the paths of
 * its server.js and of the tree (whose cluster/seed.ts and cluster/failover-seed.ts the checks
 * run).
 */
export function ensureBuild(root, name, log) {
  const tree = path.join(root, 'apps/api/.tmp', name);
  const server = path.join(tree, 'apps/api/dist/server.js');
  const stampFile = path.join(tree, 'built-from');
  const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  const stamp = ['apps/api/src', 'packages/shared/src', 'bench', 'cluster']
    .map((dir) => git('rev-parse', `HEAD:${dir}`))
    .join(' ');
  const built = existsSync(server) && existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
  if (process.env.CLUSTER_BUILD === 'never' && built) return { server, tree };
  if (built === stamp) {
    log(`API build of HEAD (${git('rev-parse', '--short', 'HEAD')}) as built before`);
    return { server, tree };
  }
  log(`Building the API as committed (HEAD ${git('rev-parse', '--short', 'HEAD')})...`);
  const started = Date.now();
  const script = [
    'set -e',
    `rm -rf '${tree}'`,
    `mkdir -p '${tree}'`,
    `git archive HEAD -- ${BUILD_SOURCES.join(' ')} | tar -x -C '${tree}'`,
    `mkdir -p '${tree}/node_modules/@stockyard'`,
    `ln -s ../../packages/shared '${tree}/node_modules/@stockyard/shared'`,
    // From its own directory, as `npm run build -w @stockyard/api` runs it (esbuild resolves the
    // entry points from the directory the process started in).
    `cd '${path.join(tree, 'apps/api')}'`,
    'node build.mjs',
  ].join('\n');
  const result = spawnSync('sh', ['-c', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(server)) {
    throw new Error(`building the API failed (${result.status})`);
  }
  writeFileSync(stampFile, stamp);
  log(`API built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { server, tree };
}

const asPostgres = (command, args, options = {}) =>
  execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], {
    encoding: 'utf8',
    ...options,
  });

/**
 * A PostgreSQL server of its own: `initdb` in `dir` (owned by postgres), listening on
 * 127.0.0.1:`port`, with password (scram) sign-in over TCP and the app's role and database.
 */
export async function createPostgres(dir, port, { maxConnections, password }) {
  const bin = postgresBin();
  const data = path.join(dir, 'pgdata');
  const socketDir = path.join(dir, 'pgsocket');
  const logFile = path.join(dir, 'postgresql.log');
  await fs.mkdir(socketDir, { recursive: true });
  execFileSync('chown', ['postgres:postgres', dir, socketDir]);
  asPostgres(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--auth-local=peer',
    '--auth-host=scram-sha-256',
  ]);
  await fs.appendFile(
    path.join(data, 'postgresql.conf'),
    [
      '',
      '# scripts/cluster-check.mjs',
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${socketDir}'`,
      `max_connections = ${maxConnections}`,
      'shared_buffers = 256MB',
      'max_wal_size = 4GB',
      "log_line_prefix = '%m [%p] %q%u@%d '",
      '',
    ].join('\n'),
  );
  // Not blocking: the day's clients, in this process, go on while the server stops and starts.
  const pgCtl = (...args) =>
    run('runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), '-D', data, ...args]);
  const server = {
    data,
    logFile,
    start: () => pgCtl('-l', logFile, '-w', '-t', '60', 'start'),
    /** A fast shutdown: sessions are ended, transactions in flight roll back. */
    stopFast: () => pgCtl('-m', 'fast', '-w', '-t', '60', 'stop'),
    stopImmediate: () => {
      if (existsSync(path.join(data, 'postmaster.pid'))) {
        asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      }
    },
    psql: (sql, database = 'postgres') =>
      asPostgres(
        path.join(bin, 'psql'),
        [
          '-h',
          socketDir,
          '-p',
          String(port),
          '-d',
          database,
          '-XAtq',
          '-v',
          'ON_ERROR_STOP=1',
          '-c',
          sql,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      ),
    /** A backup as docs/operations.md says to take one: `pg_dump --format=custom`. */
    dump: (file) =>
      run('runuser', [
        '-u',
        'postgres',
        '--',
        path.join(bin, 'pg_dump'),
        '-h',
        socketDir,
        '-p',
        String(port),
        '-d',
        'stockyard',
        '--format=custom',
        `--file=${file}`,
      ]),
    /** That backup restored into a new database `name`, owned by the app's role. */
    restore: async (file, name) => {
      server.psql(`create database ${name} owner stockyard`);
      await run('runuser', [
        '-u',
        'postgres',
        '--',
        path.join(bin, 'pg_restore'),
        '-h',
        socketDir,
        '-p',
        String(port),
        '--no-owner',
        '--role=stockyard',
        '--jobs=2',
        `--dbname=${name}`,
        file,
      ]);
    },
    url: `postgres://stockyard:${password}@127.0.0.1:${port}/stockyard`,
  };
  await server.start();
  server.psql(`create role stockyard login password '${password}'`);
  server.psql('create database stockyard owner stockyard');
  return server;
}

/** Stops a server left running by an earlier run that did not finish (its data directory). */
export function stopLeftover(dir) {
  const bin = postgresBin();
  const data = path.join(dir, 'pgdata');
  if (!bin || !existsSync(path.join(data, 'postmaster.pid'))) return;
  spawnSync('runuser', [
    '-u',
    'postgres',
    '--',
    path.join(bin, 'pg_ctl'),
    '-D',
    data,
    '-m',
    'immediate',
    'stop',
  ]);
}

/**
 * Answers once `url` answers 200, or throws after `timeoutMs`. A refused connection is told at
 * once; an answer is waited for (on a busy machine a live process may take seconds to give it).
 */
export async function untilHealthy(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const wait = Math.max(1000, Math.min(30_000, deadline - Date.now()));
      const answer = await fetch(url, { signal: AbortSignal.timeout(wait) });
      await answer.arrayBuffer();
      if (answer.ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} not healthy within ${timeoutMs} ms`);
    await sleep(200);
  }
}

/**
 * One API process as production runs it (`node apps/api/dist/server.js`, here the checks' copy of
 * that build: ensureBuild), its output in a log.
 */
export function startApi(root, dir, { name, port, env, server }) {
  const logFd = openSync(path.join(dir, `${name}.log`), 'a');
  const child = spawn(process.execPath, [server], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, name),
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', logFd, logFd],
  });
  return { name, port, child, url: `http://127.0.0.1:${port}` };
}

/**
 * HAProxy's configuration as tested (issue 54, decision 065): round robin over the
 * processes, and what the balancer does follows each process's state, not a clock.
 *
 * - A process lost is invisible to clients: a request whose connection is refused, reset or closed
 *   without an answer (what a killed process leaves) is sent again to another process
 *   (`retry-on conn-failure empty-response junk-response`, `option redispatch 1`: every retry goes
 *   elsewhere, whatever the sticky cookie says), which is safe because every write carries its
 *   Idempotency-Key (decision 019) and a read changes nothing; HAProxy can only send again a
 *   request whose body it kept (`option http-buffer-request`). A refused connection marks the
 *   process down at once (`observe layer4`, `on-error mark-down`).
 * - A slow answer is not a dead process: no retry on a response timeout (it would send the same
 *   work to a second busy process and double it), and `timeout server` is a backstop of minutes.
 *   The health check (/api/health, one round trip to the database) takes 5 failures of 10 s each
 *   to mark a process down, so a busy machine's slow answers do not empty the backend.
 * - A process started again gets its share of the requests over 20 s (`slowstart`), not a third of
 *   them at once while its code and its connections are cold.
 * - A cookie keeps a browser on one process (socket.io's long-polling fallback), WebSockets pass
 *   through (a tunnel of an hour), and a socket of a lost process reconnects to a live one.
 * - Every request is logged (`log stdout`: .tmp/cluster/haproxy.log) with the process that
 *   answered, its timers, its retries and how it ended.
 */
export function haproxyConfig(port, apis) {
  return `global
    maxconn 4096
    log stdout format raw local0

defaults
    mode http
    log global
    option httplog
    timeout connect 5s
    timeout client 300s
    timeout server 180s
    timeout tunnel 1h
    timeout http-keep-alive 300s
    timeout http-request 30s
    timeout check 10s
    option http-buffer-request
    option redispatch 1
    retries 3
    retry-on conn-failure empty-response junk-response

frontend stockyard
    bind 127.0.0.1:${port}
    # TLS ends here in production: bind :443 ssl crt /etc/haproxy/stockyard.pem
    http-request del-header X-Forwarded-For
    option forwardfor
    default_backend api

backend api
    balance roundrobin
    cookie STOCKYARD_SERVER insert indirect nocache httponly
    option httpchk GET /api/health
    http-check expect status 200
    default-server inter 2s fastinter 1s downinter 1s fall 5 rise 2 slowstart 20s observe layer4 error-limit 1 on-error mark-down
${apis.map((api) => `    server ${api.name} 127.0.0.1:${api.port} check cookie ${api.name}`).join('\n')}
`;
}

export async function startHaproxy(dir, port, apis) {
  const config = path.join(dir, 'haproxy.cfg');
  await fs.writeFile(config, haproxyConfig(port, apis));
  execFileSync('haproxy', ['-c', '-q', '-f', config]);
  const logFd = openSync(path.join(dir, 'haproxy.log'), 'a');
  const child = spawn('haproxy', ['-db', '-f', config], { stdio: ['ignore', logFd, logFd] });
  return { child, config, url: `http://127.0.0.1:${port}` };
}

/** Ends a child process: SIGTERM, then SIGKILL if it has not ended within `graceMs`. */
export async function stopChild(child, graceMs = 5000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await ended;
  clearTimeout(timer);
}

/**
 * The server processes (backends) of `pid`'s LISTEN connections: PostgreSQL names each
 * (`stockyard listen: ...`, lib/listen-connection.ts) and tells its client's port, which `ss`
 * tells the owner of.
 */
export function listenBackendsOf(postgres, pid) {
  const rows = postgres
    .psql(
      "select pid, client_port, application_name from pg_stat_activity where application_name like 'stockyard listen:%'",
    )
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [backend, clientPort, name] = line.split('|');
      return { backend: Number(backend), clientPort: Number(clientPort), name };
    });
  const sockets = execFileSync('ss', ['-tnpH', 'state', 'established'], { encoding: 'utf8' });
  const portsOfPid = new Set();
  for (const line of sockets.split('\n')) {
    if (!line.includes(`pid=${pid},`)) continue;
    const local = line.trim().split(/\s+/)[2] ?? '';
    portsOfPid.add(Number(local.slice(local.lastIndexOf(':') + 1)));
  }
  return rows.filter((row) => portsOfPid.has(row.clientPort));
}
