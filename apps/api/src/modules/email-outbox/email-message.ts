import { type NotificationType, notificationPath } from '@stockyard/shared';

/** The longest subject line: what mail clients show whole in a list. */
const SUBJECT_MAX = 120;
const PREFIX = 'Stockyard: ';

/**
 * "Stockyard: <text>", at most SUBJECT_MAX characters: a longer text is cut at the last space
 * that fits, never inside a word or a date, and ends with an ellipsis.
 */
export function emailSubject(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const room = SUBJECT_MAX - PREFIX.length;
  if (oneLine.length <= room) return PREFIX + oneLine;
  const cut = oneLine.slice(0, room).lastIndexOf(' ', room - 1);
  const head = cut > 0 ? oneLine.slice(0, cut) : oneLine.slice(0, room - 1);
  return `${PREFIX}${head.replace(/[\s,.;:]+$/, '')}…`;
}

const two = (n: number) => String(n).padStart(2, '0');

/** An instant as the product writes it (dd/mm/yyyy HH:mm, DATE_TIME_FORMAT), in UTC. */
export function emailTime(at: Date): string {
  return `${two(at.getUTCDate())}/${two(at.getUTCMonth() + 1)}/${at.getUTCFullYear()} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`;
}

/** The address of a page of the app, under the server's public address (PUBLIC_URL). */
function appLink(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

/**
 * The e-mail of a notification: its message, a link to what it is about, and when it happened.
 * The HTML part is made from this text when the mail is sent (htmlOf).
 */
export function notificationEmail(
  notice: {
    type: NotificationType;
    message: string;
    data: Record<string, unknown> | null;
    createdAt: Date;
  },
  publicUrl: string,
) {
  const link = appLink(publicUrl, notificationPath(notice.type, notice.data));
  return {
    subject: emailSubject(notice.message),
    body: `${notice.message}\n\nOpen in Stockyard: ${link}\n\nTime: ${emailTime(notice.createdAt)} UTC\n\nYou receive this e-mail because Email Notifications is on in your Stockyard settings.\n`,
  };
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * The HTML part of a mail from its text: a paragraph per block, its lines kept, every web address
 * a link. Everything else is escaped, so a name or a note is shown as written, never as markup.
 */
export function htmlOf(text: string): string {
  const paragraphs = text
    .trim()
    .split(/\n{2,}/)
    .map((block) => {
      const lines = block
        .split('\n')
        .map((line) =>
          escapeHtml(line).replace(
            /https?:\/\/[^\s<>"']+/g,
            (url) => `<a href="${url}">${url}</a>`,
          ),
        );
      return `<p>${lines.join('<br>')}</p>`;
    });
  return `<!doctype html><html><body style="font-family: sans-serif; color: #111">${paragraphs.join('')}</body></html>`;
}
