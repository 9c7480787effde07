/**
 * The company's own words for the values a field takes: a unit typed
 * "pcs" or "Stück" is Each, a location "Yard" or "Baustelle" its type. Each field's words are
 * listed once here; the schemas read them (so that the API, the forms and the imports take the
 * same words), and the Import page, the templates and the README list them.
 *
 * A word is compared plain: without case, accents, spaces, `_`, `-`, `.` and brackets, so that
 * "STK", "Stk." and "stk" are one word, and "Stück" is "stuck".
 */

/** A word as compared: "Stück." → "stuck", "BMR_Yard" → "bmryard". */
export const plainWord = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[\s_.()[\]-]/g, '');

/** The words of a field's values, by value: its label and code are always taken as well. */
export type Vocabulary<V extends string> = Record<V, readonly string[]>;

/** A material's unit (the catalogue counts pieces). */
export const MATERIAL_UNIT_WORDS = {
  EACH: [
    'Each',
    'ea',
    'pc',
    'pcs',
    'piece',
    'pieces',
    'Stk',
    'Stück',
    'St',
    'unit',
    'units',
    'nos',
  ],
} as const satisfies Vocabulary<'EACH'>;

/** A location's type: a yard of the company's own, or a field site. */
export const LOCATION_TYPE_WORDS = {
  BMR_YARD: ['BMR Yard', 'Yard', 'Depot', 'Lager'],
  FIELD: ['Field', 'Site', 'Job site', 'Baustelle'],
} as const satisfies Vocabulary<'BMR_YARD' | 'FIELD'>;

/** A location's or a staff member's status. */
export const STATUS_WORDS = {
  ACTIVE: ['Active', 'Aktiv', 'Yes'],
  INACTIVE: ['Inactive', 'Inaktiv', 'No'],
} as const satisfies Vocabulary<'ACTIVE' | 'INACTIVE'>;

/**
 * The value a text names: a value itself ("FIELD"), its label, or one of its words, whatever
 * their case and accents; the text unchanged when it names none (the schema then says which are
 * taken); undefined for undefined.
 */
export function valueOfWord<V extends string>(
  text: unknown,
  vocabulary: Vocabulary<V>,
  labels?: Partial<Record<V, string>>,
): unknown {
  if (typeof text !== 'string') return text;
  if (Object.hasOwn(vocabulary, text)) return text;
  const plain = plainWord(text);
  if (plain === '') return text;
  return wordsOf(vocabulary, labels).get(plain) ?? text;
}

/** Each vocabulary's plain words, made once: a file of 10,000 rows reads one word a row. */
const plainWords = new WeakMap<object, Map<string, string>>();

function wordsOf<V extends string>(
  vocabulary: Vocabulary<V>,
  labels?: Partial<Record<V, string>>,
): Map<string, string> {
  const known = plainWords.get(vocabulary);
  if (known) return known;
  const words = new Map<string, string>();
  for (const [value, list] of Object.entries(vocabulary) as [V, readonly string[]][]) {
    const label = labels?.[value];
    for (const name of [value, ...list, ...(label ? [label, label.split('(')[0]!] : [])]) {
      words.set(plainWord(name), value);
    }
  }
  plainWords.set(vocabulary, words);
  return words;
}

/** The words a field takes, as a sentence: "Each (also ea, pc, pcs, …)". */
export function acceptedWords<V extends string>(
  vocabulary: Vocabulary<V>,
  labels: Record<V, string>,
): string {
  return (Object.entries(vocabulary) as [V, readonly string[]][])
    .map(([value, words]) => {
      const others = words.filter((w) => plainWord(w) !== plainWord(labels[value]));
      return others.length > 0 ? `${labels[value]} (also ${others.join(', ')})` : labels[value];
    })
    .join('; ');
}
