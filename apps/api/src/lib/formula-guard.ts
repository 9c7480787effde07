/**
 * The CSV guard against formula injection (OWASP "CSV Injection"), and its
 * undoing on import, so that a list exported as CSV and imported again comes back unchanged.
 *
 * - Export: a text field that begins with `=`, `+`, `-`, `@`, a tab or a carriage return, after
 *   any apostrophes, is written with one more `'` in front: a spreadsheet program opening the CSV
 *   shows it as text and never runs it ("=HYPERLINK(...)" → "'=HYPERLINK(...)", "+49 89 5551234"
 *   → "'+49 89 5551234", and a text that already began "'=" → "''=").
 * - Import: a CSV field of that shape (apostrophes, then one of those characters) loses exactly
 *   the one `'` the export put there. Any other apostrophe is kept ("'Tis", "O'Brien").
 *
 * The two are inverses: every text exports and imports back as itself. The .xlsx needs no guard
 * (a text cell there is never a formula) and is read as typed.
 */

/** A field the export guards: apostrophes, then a character that starts a formula. */
const GUARDED = /^'*[=+\-@\t\r]/;

/** The CSV field of a text, guarded when it could be read as a formula. */
export const guardFormula = (text: string): string => (GUARDED.test(text) ? `'${text}` : text);

/** The text a CSV field holds: the export's guard taken off again. */
export const unguardFormula = (field: string): string =>
  field.startsWith("'") && GUARDED.test(field.slice(1)) ? field.slice(1) : field;
