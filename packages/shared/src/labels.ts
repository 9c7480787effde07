/**
 * Labels: what a label's QR code encodes, and the paper it is printed on.
 * A material label opens `/m/<code>`, its type's item number or, without one, its id; a location's
 * opens `/l/<id>`. Both under the server's PUBLIC_URL, so that a phone that scans one reaches it.
 */

/** What a material's label names it by: its item number, or its type id when it has none. */
export function materialCode(type: { id: number; itemNumber: string | null }): string {
  const itemNumber = type.itemNumber?.trim();
  return itemNumber ? itemNumber : String(type.id);
}

export const materialLabelPath = (code: string) => `/m/${encodeURIComponent(code)}`;
export const locationLabelPath = (id: number) => `/l/${id}`;

/** A path of the app under the public address (PUBLIC_URL, with or without a trailing slash). */
export function labelAddress(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

export type LabelTarget = { kind: 'material'; code: string } | { kind: 'location'; id: number };

/**
 * What a scanned label names: an address of this app's /m/<code> or /l/<id> (under any public
 * address, a path prefix too), or null for anything else.
 */
export function readLabelAddress(text: string): LabelTarget | null {
  let path: string;
  try {
    path = new URL(text.trim()).pathname;
  } catch {
    return null;
  }
  const material = /\/m\/([^/]+)\/?$/.exec(path);
  if (material) {
    try {
      const code = decodeURIComponent(material[1]!).trim();
      return code ? { kind: 'material', code } : null;
    } catch {
      return null;
    }
  }
  const location = /\/l\/([1-9][0-9]{0,9})\/?$/.exec(path);
  return location ? { kind: 'location', id: Number(location[1]) } : null;
}

/** The two papers: a sheet of 3 x 8 labels of 70 x 37 mm on A4, and a 62 mm roll, 29 mm a label. */
export const LABEL_FORMATS = {
  a4: {
    name: 'A4 sheet, 3 × 8 labels of 70 × 37 mm',
    page: { width: 210, height: 297 },
    label: { width: 70, height: 37 },
    columns: 3,
    rows: 8,
    /** The common sheet's margins: none at the sides, half a millimetre atop (8 × 37 = 296). */
    top: 0.5,
    left: 0,
  },
  '62mm': {
    name: '62 mm label printer, 62 × 29 mm',
    page: { width: 62, height: 29 },
    label: { width: 62, height: 29 },
    columns: 1,
    rows: 1,
    top: 0,
    left: 0,
  },
} as const;
export type LabelFormat = keyof typeof LABEL_FORMATS;
export const LABEL_FORMAT_KEYS = Object.keys(LABEL_FORMATS) as LabelFormat[];

/** The most labels of one thing a print asks for, and the most things. */
export const MAX_LABEL_COPIES = 240;
export const MAX_LABEL_ITEMS = 100;
