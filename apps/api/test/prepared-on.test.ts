import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbExecutor } from '../src/db/client';
import { locations } from '../src/db/schema';
import { prepared } from '../src/lib/prepared';
import { createTestApp, type TestApp } from './helpers';

/**
 * `prepared` builds a statement once and runs it on the connection of the executor it is given:
 * in a transaction, on the transaction's client, so that the writes of a change
 * and their reads are one transaction, as if drizzle had built them there.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const p = sql.placeholder;
const named = (on: DbExecutor) =>
  prepared(on, 'test_location_named', (d, name) =>
    d
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.name, p('name')))
      .prepare(name),
  );
const addLocation = (on: DbExecutor) =>
  prepared(on, 'test_location_insert', (d, name) =>
    d
      .insert(locations)
      .values({ name: p('name'), address: p('address'), type: sql`'FIELD'` })
      .returning({ id: locations.id })
      .prepare(name),
  );

describe('prepared', () => {
  it("runs in the transaction it is given: it sees the transaction's rows, others do not", async () => {
    await t.db.transaction(async (tx) => {
      const [row] = await addLocation(tx).execute({ name: 'Inside Yard', address: '1 Way' });
      expect(await named(tx).execute({ name: 'Inside Yard' })).toEqual([{ id: row!.id }]);
      // The pool's connections do not see a row that is not committed.
      expect(await named(t.db).execute({ name: 'Inside Yard' })).toEqual([]);
    });
    expect(await named(t.db).execute({ name: 'Inside Yard' })).toHaveLength(1);
  });

  it('writes nothing when its transaction rolls back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await addLocation(tx).execute({ name: 'Rolled Back Yard', address: '2 Way' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await named(t.db).execute({ name: 'Rolled Back Yard' })).toEqual([]);
  });

  it('takes each call its own values, on the same statement', async () => {
    await addLocation(t.db).execute({ name: 'First Yard', address: '3 Way' });
    await addLocation(t.db).execute({ name: 'Second Yard', address: '4 Way' });
    const [first] = await named(t.db).execute({ name: 'First Yard' });
    const [second] = await named(t.db).execute({ name: 'Second Yard' });
    expect(first!.id).not.toBe(second!.id);
  });

  it('refuses a statement with a value written into it', () => {
    expect(() =>
      prepared(t.db, 'test_location_written_in', (d, name) =>
        d.select().from(locations).where(eq(locations.name, 'Written In')).prepare(name),
      ),
    ).toThrow('writes a value into its statement');
  });
});
