import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateProblem } from './tls';

// A server that answers PostgreSQL's SSLRequest with 'S' and then shows a certificate of its own
// (self-signed, made by openssl): what a client meets at an impostor or a misconfigured server.
let dir: string;
let server: net.Server;
let port: number;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockyard-tls-'));
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=impostor'],
      ...['-keyout', 'key.pem', '-out', 'cert.pem'],
    ],
    { cwd: dir, stdio: 'ignore', env: { ...process.env, OPENSSL_CONF: '/dev/null' } },
  );
  const key = fs.readFileSync(path.join(dir, 'key.pem'));
  const cert = fs.readFileSync(path.join(dir, 'cert.pem'));
  server = net.createServer((socket) => {
    socket.once('data', () => {
      socket.write('S');
      const secure = new tls.TLSSocket(socket, { isServer: true, key, cert });
      secure.on('error', () => undefined);
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterAll(() => {
  server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a database whose certificate cannot be verified', () => {
  it('is refused with a message that says so (sslmode=verify-full)', async () => {
    const pool = new pg.Pool({
      connectionString: `postgres://stockyard:secret@127.0.0.1:${port}/stockyard?sslmode=verify-full`,
      max: 1,
    });
    const problem = await certificateProblem(pool).finally(() => pool.end());
    expect(problem).toMatch(/^PostgreSQL's certificate was refused \(DEPTH_ZERO_SELF_SIGNED_CERT/);
    expect(problem).toContain('sslrootcert');
  });

  it('lets any other failure to connect through as it is', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const pool = new pg.Pool({
      connectionString: `postgres://stockyard:secret@127.0.0.1:${closedPort}/stockyard`,
      max: 1,
    });
    await expect(certificateProblem(pool)).rejects.toThrow(/ECONNREFUSED/);
    await pool.end();
  });
});
