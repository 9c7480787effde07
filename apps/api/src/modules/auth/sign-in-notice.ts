import { UAParser } from 'ua-parser-js';
import type { AppContext } from '../../context';
import type { UnitOfWork } from '../../lib/transaction';
import { notify } from '../notifications/notify';
import * as repo from './auth.repository';

type Client = { ip: string; userAgent: string | null };

/** The LOGIN notice's text: "New sign-in from Chrome on Linux (127.0.0.1)". */
export function signInNoticeMessage(client: Client): string {
  const { browser, os } = UAParser(client.userAgent ?? '');
  const from = browser.name ?? 'an unknown browser';
  const on = os.name ? ` on ${os.name}` : '';
  return `New sign-in from ${from}${on} (${client.ip})`;
}

/**
 * Tells the account of a sign-in from a browser (user agent) none of its earlier sessions used;
 * a sign-in from a known browser says nothing, so that a notice stands out (decision 010). The
 * account's Login Notifications switch decides whether it is sent at all (notify, decision 013).
 * Call it after the session is stored.
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
