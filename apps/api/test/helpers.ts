import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/app';
import { type AppContext, createContext } from '../src/context';
import { createDatabase, type Database } from '../src/db/client';

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  ctx: AppContext;
  databaseUrl: string;
  close: () => Promise<void>;
};

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database cloned from the migrated template, and the app built on it. */
export async function createTestApp(
  options: Pick<BuildAppOptions, 'trustProxy' | 'loginLimits' | 'mail' | 'listenHeartbeat'> = {},
): Promise<TestApp> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database "${name}" template stockyard_template`);
  const url = new URL(inject('adminDatabaseUrl'));
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const db = createDatabase(databaseUrl, 20);
  const ctx = createContext(db, new TextEncoder().encode(randomBytes(32).toString('hex')));
  const app = await buildApp({ ctx, ...options });
  await app.ready();
  return {
    app,
    db,
    ctx,
    databaseUrl,
    close: async () => {
      await app.close();
      await db.$client.end();
      await adminQuery(`drop database if exists "${name}" with (force)`);
    },
  };
}
