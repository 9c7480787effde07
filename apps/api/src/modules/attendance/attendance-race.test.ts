import { ATTENDANCE_MESSAGES, MESSAGES } from '@stockyard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type Peer, startPeer } from '../../../test/peer';
import { attendance } from '../../db/schema';

/**
 * Issue 48: overlapping marks of one person and day, sent at once over two API processes, met in
 * the attendance table's exclusion constraint and some were answered 500 "deadlock detected".
 * A deadlock is now run again (lib/transaction.ts, decision 047): one mark is stored, every other
 * is told that it overlaps, none is a 500.
 */

let t: TestApp;
let peer: Peer;
let actors: Awaited<ReturnType<typeof seedActors>>;
let staffId: number;

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  const staff = await t.app.inject({
    method: 'POST',
    url: '/api/staff',
    headers: actors.admin.headers,
    payload: {
      name: 'Rae Racing',
      email: `rae.${Date.now()}@site.test`,
      phone: '07700900123',
      position: 'Scaffolder',
      locationId: actors.location.id,
      department: 'Erection',
      hireDate: '2024-01-08',
      salary: 30000,
      status: 'ACTIVE',
      address: '1 Quay Street',
      emergencyContact: 'Kin Person',
      emergencyPhone: '07700900999',
    },
  });
  expect(staff.statusCode, staff.body).toBe(201);
  staffId = staff.json().data.id;
  peer = await startPeer(t);
}, 120_000);

afterAll(async () => {
  await peer?.stop();
  await t?.close();
});

const MARKS = 21;

describe('racing attendance marks over two processes', () => {
  it('stores one, tells every other that it overlaps, and never answers 500', async () => {
    const mark = (i: number) => ({
      staffId,
      locationId: actors.location.id,
      date: '2026-03-02',
      // Every mark overlaps every other: 07:00 to 16:xx.
      checkIn: '07:00',
      checkOut: `16:${String(i).padStart(2, '0')}`,
      status: 'PRESENT',
      notes: `Mark ${i}`,
    });
    const send = async (i: number): Promise<{ status: number; body: string }> => {
      if (i % 2 === 0) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/attendance',
          headers: actors.admin.headers,
          payload: mark(i),
        });
        return { status: response.statusCode, body: response.body };
      }
      const response = await fetch(`${peer.url}/api/attendance`, {
        method: 'POST',
        headers: { ...actors.admin.headers, 'content-type': 'application/json' },
        body: JSON.stringify(mark(i)),
      });
      return { status: response.status, body: await response.text() };
    };
    const answers = await Promise.all(Array.from({ length: MARKS }, (_, i) => send(i)));
    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.filter((status) => status >= 500),
      JSON.stringify(answers),
    ).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(MARKS - 1);
    for (const answer of answers.filter((a) => a.status === 409)) {
      const message = JSON.parse(answer.body).message as string;
      // The overlap named, or (had the race persisted past every retry) the change that met another.
      const overlap = ATTENDANCE_MESSAGES.overlap.replace(/\.$/, '');
      expect(message.startsWith(overlap) || message === MESSAGES.concurrentChange, message).toBe(
        true,
      );
    }
    console.log(`attendance race over two processes: ${statuses.join(' ')}`);
    const stored = await t.db.select().from(attendance).where(eq(attendance.staffId, staffId));
    expect(stored).toHaveLength(1);
    const winner = answers.find((answer) => answer.status === 201)!;
    expect(stored[0]!.id).toBe(JSON.parse(winner.body).data.id);
  }, 60_000);
});
