import { describe, expect, it } from 'vitest';
import { emailSubject, emailTime, htmlOf, notificationEmail } from './email-message';

describe('the subject of an e-mail', () => {
  it('is the text after "Stockyard: " when it fits', () => {
    expect(emailSubject('Low stock: Tube 6m at Main Yard')).toBe(
      'Stockyard: Low stock: Tube 6m at Main Yard',
    );
  });

  it('is cut at a space, never inside a word or a date, with an ellipsis, at 120 characters at most', () => {
    const text = `Rental #12 of ${'Standard 3.0m, '.repeat(8)}from Main Yard is due back 15/12/2026`;
    const subject = emailSubject(text);
    expect(subject.length).toBeLessThanOrEqual(120);
    expect(subject.endsWith('…')).toBe(true);
    const kept = subject.slice('Stockyard: '.length, -1);
    expect(text.startsWith(kept)).toBe(true);
    // What follows the kept part in the text starts at a word boundary.
    expect(text[kept.length]).toMatch(/[\s,]/);
    expect(subject).not.toContain('15/12/20');
  });

  it('is one line whatever the text', () => {
    expect(emailSubject('two\nlines')).toBe('Stockyard: two lines');
  });
});

describe('the e-mail of a notification', () => {
  const at = new Date(Date.UTC(2026, 10, 26, 9, 5));

  it('links to the record it is about under the public address, with the time as dd/mm/yyyy HH:mm', () => {
    const { subject, body } = notificationEmail(
      {
        type: 'NEW_MATERIAL_REQUEST',
        message: 'New material request #9',
        data: { rentalRequestId: 9 },
        createdAt: at,
      },
      'https://stock.example.com/',
    );
    expect(subject).toBe('Stockyard: New material request #9');
    expect(body).toContain('Open in Stockyard: https://stock.example.com/requests/9');
    expect(body).toContain('Time: 26/11/2026 09:05 UTC');
    expect(emailTime(at)).toBe('26/11/2026 09:05');
  });

  it('as HTML, shows names as written (escaped) and makes the address a link', () => {
    const html = htmlOf('Hello <b>Ann</b> & co\n\nOpen in Stockyard: https://s.example.com/users');
    expect(html).toContain('Hello &lt;b&gt;Ann&lt;/b&gt; &amp; co');
    expect(html).toContain('<a href="https://s.example.com/users">https://s.example.com/users</a>');
  });
});
