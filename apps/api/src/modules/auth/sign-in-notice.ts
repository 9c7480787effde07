import Bowser from 'bowser';
import type { AppContext } from '../../context';
import type { UnitOfWork } from '../../lib/transaction';
import { notify } from '../notifications/notify';
import * as repo from './auth.repository';

type Client = { ip: string; userAgent: string | null };

const two = (n: number) => String(n).padStart(2, '0');

/** When, in UTC: "13:45 UTC on 25/11/2026" (the product's dd/mm/yyyy). */
function noticeTime(at: Date): string {
  const day = `${two(at.getUTCDate())}/${two(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}`;
  return `${two(at.getUTCHours())}:${two(at.getUTCMinutes())} UTC on ${day}`;
}

/**
 * The LOGIN notice's text, naming the browser, the address and the time:
 * "New sign-in from Chrome on Linux (127.0.0.1) at 13:45 UTC on 25/11/2026".
 */
function signInNoticeMessage(client: Client, at: Date = new Date()): string {
  // Bowser refuses an empty user agent; a client that sends none is "an unknown browser".
  const { browser, os } = client.userAgent
    ? Bowser.parse(client.userAgent)
    : { browser: {}, os: {} };
  const from = browser.name || 'an unknown browser';
  const on = os.name ? ` on ${os.name}` : '';
  return `New sign-in from ${from}${on} (${client.ip}) at ${noticeTime(at)}`;
}

/**
 * Tells the account of a sign-in from a browser (user agent) none of its earlier sessions used;
 * a known browser says nothing, so that a notice stands out. The Login Notifications switch is
 * checked by notify. Call it after the session is stored.
 */
export async function noticeSignIn(
  ctx: AppContext,
  uow: UnitOfWork,
  session: { userId: number; sessionId: string },
  client: Client,
): Promise<void> {
  const known = await repo.signedInBeforeFrom(
    uow.tx,
    session.userId,
    client.userAgent,
    session.sessionId,
  );
  if (known) return;
  await notify(ctx, uow, {
    type: 'LOGIN',
    message: signInNoticeMessage(client),
    recipientIds: [session.userId],
    data: { ip: client.ip, userAgent: client.userAgent },
  });
}
