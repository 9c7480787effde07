import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { ensureDatabase, runMigrations } from '../src/db/migrate';

export const TEMPLATE_DATABASE = 'stockyard_template';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

/**
 * One PostgreSQL server for the whole run (the embedded one, or TEST_DATABASE_URL's), with a
 * migrated template database that each test file clones.
 */
export default async function setup(project: TestProject) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockyard-test-'));
  const external = process.env.TEST_DATABASE_URL;
  const server = external ? null : await startEmbeddedPostgres(dataDir);
  const adminUrl = external ?? server!.url;

  const templateUrl = await ensureDatabase(adminUrl, TEMPLATE_DATABASE);
  const db = createDatabase(templateUrl, 1);
  await runMigrations(db);
  await db.$client.end();

  project.provide('adminDatabaseUrl', adminUrl);
  return async () => {
    await server?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
