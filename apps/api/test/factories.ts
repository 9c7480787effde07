import { ALL_PERMISSIONS, DEFAULT_PERMISSIONS, type Permissions } from '@stockyard/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client';
import { locations, materialTypes, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';

let sequence = 0;
const next = () => ++sequence;

export const TEST_PASSWORD = 'Quarry-Gate-42';
let testPasswordHash: Promise<string> | undefined;

export async function createLocation(
  db: Database,
  values: Partial<typeof locations.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(locations)
    .values({
      name: `Yard ${n}`,
      address: `${n} Quarry Road`,
      type: 'BMR_YARD',
      status: 'ACTIVE',
      ...values,
    })
    .returning();
  return row!;
}

/** A catalogue type of this name, made when missing: what a material row written directly needs. */
export async function materialTypeNamed(db: Database, name: string, unit = 'EACH') {
  await db.insert(materialTypes).values({ name, unit }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(materialTypes)
    .where(sql`lower(btrim(${materialTypes.name})) = lower(btrim(${name}))`);
  return row!;
}

export async function createUser(
  db: Database,
  values: Partial<typeof users.$inferInsert> & { permissions?: Partial<Permissions> } = {},
) {
  const n = next();
  const { permissions, ...rest } = values;
  const role = rest.role ?? 'USER';
  const flags = { ...(role === 'ADMIN' ? ALL_PERMISSIONS : DEFAULT_PERMISSIONS), ...permissions };
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const [row] = await db
    .insert(users)
    .values({
      name: `Person ${n}`,
      email: `person${n}.${Date.now()}@example.com`,
      passwordHash: await testPasswordHash,
      role,
      ...flags,
      ...rest,
    })
    .returning();
  return row!;
}

/** Signs in through the API and returns the bearer header. */
export async function loginAs(app: FastifyInstance, email: string, password = TEST_PASSWORD) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  const token = response.json().token as string;
  return { token, headers: { authorization: `Bearer ${token}` } };
}

/** An admin and a field manager, each signed in, at one location. */
export async function seedActors(app: FastifyInstance, db: Database) {
  const location = await createLocation(db);
  const admin = await createUser(db, { role: 'ADMIN' });
  const manager = await createUser(db, { role: 'USER', locationId: location.id });
  return {
    location,
    admin: { user: admin, ...(await loginAs(app, admin.email)) },
    manager: { user: manager, ...(await loginAs(app, manager.email)) },
  };
}
