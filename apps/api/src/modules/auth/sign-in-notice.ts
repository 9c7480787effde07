import { UAParser } from 'ua-parser-js';

/** The LOGIN notice's text: "New sign-in from Chrome on Linux (127.0.0.1)". */
export function signInNoticeMessage(client: { ip: string; userAgent: string | null }): string {
  const { browser, os } = UAParser(client.userAgent ?? '');
  const from = browser.name ?? 'an unknown browser';
  const on = os.name ? ` on ${os.name}` : '';
  return `New sign-in from ${from}${on} (${client.ip})`;
}
