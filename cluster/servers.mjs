// The cluster check's servers (issue 34): a PostgreSQL server from Debian's `postgresql` package
// in its own data directory, run as the `postgres` user; the API processes as `npm start` runs
// them after a build (apps/api/dist/server.js, DATABASE_URL set); HAProxy in front of them.
// Everything lives under .tmp/cluster; every process is started here and stopped by its id.
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, openSync, readdirSync, statSync } from 'node:fs';
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

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Runs `npm run build` when the API's or the web app's build is missing or older than its sources. */
export function ensureBuild(root, log) {
  const outputs = [
    ['apps/web/dist/index.html', ['apps/web/src', 'packages/shared/src']],
    ['apps/api/dist/server.js', ['apps/api/src', 'packages/shared/src']],
  ];
  const stale = outputs.some(
    ([output, sources]) =>
      !existsSync(path.join(root, output)) ||
      sources.some(
        (dir) => newestMtime(path.join(root, dir)) > statSync(path.join(root, output)).mtimeMs,
      ),
  );
  if (!stale || process.env.CLUSTER_BUILD === 'never') return;
  log('Building (npm run build)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
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

/** Answers once `url` answers 200, or throws after `timeoutMs`. */
export async function untilHealthy(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await answer.arrayBuffer();
      if (answer.ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} not healthy within ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** One API process as production runs it (`node apps/api/dist/server.js`), its output in a log. */
export function startApi(root, dir, { name, port, env }) {
  const logFd = openSync(path.join(dir, `${name}.log`), 'a');
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
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
 * HAProxy's configuration as tested (issue 54): round robin over the processes. A process lost is
 * invisible to clients: a request whose connection is refused, reset or left without an answer is
 * sent again to another process (`retry-on`, `option redispatch 1`: every retry goes elsewhere,
 * whatever the sticky cookie says), which is safe because every write carries its Idempotency-Key
 * (decision 019) and a read changes nothing; HAProxy can only send again a request whose body it
 * kept (`option http-buffer-request`). A refused connection marks the process down at once
 * (`observe layer4`, `on-error mark-down`); the health check on /api/health every second takes 3
 * failures of 5 s each to mark a process down, so a busy machine's slow answer does not. A cookie
 * keeps a browser on one process (socket.io's long-polling fallback), WebSockets pass through (a
 * tunnel of an hour), and a socket of a lost process reconnects to a live one.
 */
export function haproxyConfig(port, apis) {
  return `global
    maxconn 4096

defaults
    mode http
    option httplog
    timeout connect 2s
    timeout client 300s
    timeout server 60s
    timeout tunnel 1h
    timeout http-keep-alive 300s
    timeout http-request 30s
    timeout check 5s
    option http-buffer-request
    option redispatch 1
    retries 3
    retry-on all-retryable-errors conn-failure empty-response response-timeout

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
    default-server inter 1s fastinter 500ms downinter 1s fall 3 rise 2 observe layer4 error-limit 1 on-error mark-down
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
