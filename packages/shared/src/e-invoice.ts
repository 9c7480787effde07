import { z } from 'zod';
import { isBlank } from './schemas/text';

/**
 * What an EN 16931 invoice needs of its seller and buyer: the company's
 * legal details on Settings, the site's customer's structured address, and the rules the form and
 * the server share (IBAN checksum, BIC format, ISO 3166-1 country codes).
 */

/** ISO 3166-1 alpha-2, as the EN 16931 code list (BR-CL-14) has it (with XI, Northern Ireland). */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AN AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BL BJ BM BN BO BQ BR ' +
  'BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC ' +
  'EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK ' +
  'HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB ' +
  'LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ ' +
  'NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU ' +
  'RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
  'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XI YE YT ZA ZM ZW'
).split(' ');
const COUNTRY_SET = new Set(COUNTRY_CODES);

/** An IBAN without its spaces, upper case. */
export const normalizeIban = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** Whether an IBAN (spaces allowed) is well formed and passes its ISO 7064 mod-97 checksum. */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  if (!COUNTRY_SET.has(iban.slice(0, 2))) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (letter) =>
    String(letter.charCodeAt(0) - 55),
  );
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** A BIC (ISO 9362): bank, country, location, optional branch. */
export const BIC_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** A VAT identifier: its country's prefix (EL for Greece, XI Northern Ireland), then 2 to 13 characters. */
export const VAT_ID_PATTERN = /^[A-Z]{2}[A-Z0-9+*.]{2,13}$/;

export const E_INVOICE_MESSAGES = {
  countryCode: 'Country must be a two-letter ISO 3166 code (DE, FR, GB ...)',
  iban: 'IBAN is not valid (check its digits)',
  bic: 'BIC must be 8 or 11 letters and digits (e.g. DEUTDEFFXXX)',
  vatId: 'VAT ID must begin with its country code (DE123456789)',
  postcode: 'Postcode must be at most 20 characters',
  city: 'City must be at most 100 characters',
  taxNumber: 'Tax number must be at most 40 characters',
  registerEntry: 'Register entry must be at most 200 characters',
  buyerReference: 'Buyer reference must be at most 200 characters',
} as const;

const upperTrim = (value: unknown) =>
  typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() : value;

/** Optional ISO 3166-1 country code: blank is '', any case, checked against the list. */
export const countryCodeField = z.preprocess(
  (value) => (isBlank(value) ? '' : upperTrim(value)),
  z
    .string({ error: E_INVOICE_MESSAGES.countryCode })
    .refine((code) => code === '' || COUNTRY_SET.has(code), {
      error: E_INVOICE_MESSAGES.countryCode,
    }),
);

/** Optional IBAN: kept without spaces, upper case, its checksum checked. */
export const ibanField = z.preprocess(
  (value) => (isBlank(value) ? '' : upperTrim(value)),
  z
    .string({ error: E_INVOICE_MESSAGES.iban })
    .refine((iban) => iban === '' || isValidIban(iban), { error: E_INVOICE_MESSAGES.iban }),
);

/** Optional BIC. */
export const bicField = z.preprocess(
  (value) => (isBlank(value) ? '' : upperTrim(value)),
  z
    .string({ error: E_INVOICE_MESSAGES.bic })
    .refine((bic) => bic === '' || BIC_PATTERN.test(bic), { error: E_INVOICE_MESSAGES.bic }),
);

/** Optional VAT identifier with its country prefix. */
export const vatIdField = z.preprocess(
  (value) => (isBlank(value) ? '' : upperTrim(value)),
  z
    .string({ error: E_INVOICE_MESSAGES.vatId })
    .refine((id) => id === '' || VAT_ID_PATTERN.test(id), { error: E_INVOICE_MESSAGES.vatId }),
);

/**
 * How a zero-rated customer is zero-rated, as EN 16931 names it: Z zero rated, AE reverse charge
 * (the buyer accounts for the VAT; its VAT id is needed), G export outside the EU.
 */
export const ZERO_RATINGS = ['Z', 'AE', 'G'] as const;
export type ZeroRating = (typeof ZERO_RATINGS)[number];
export const ZERO_RATING_LABELS: Record<ZeroRating, string> = {
  Z: 'Zero-rated',
  AE: 'Reverse charge',
  G: 'Export outside the EU',
};

/** A VAT category of EN 16931 (BT-151, BT-118): standard, or one of the zero ratings. */
export type VatCategory = 'S' | ZeroRating;

/**
 * An invoice's VAT category: a zero-rated customer's zero rating (Z when not said), else standard
 * at a rate above zero; a company rate of 0 % is zero-rated (S must be above zero, BR-S-05).
 */
export function vatCategoryOf(
  customer: { zeroRated: boolean; zeroRating: string | null },
  vatRateBp: number,
): VatCategory {
  if (customer.zeroRated) {
    return (ZERO_RATINGS as readonly string[]).includes(customer.zeroRating ?? '')
      ? (customer.zeroRating as ZeroRating)
      : 'Z';
  }
  return vatRateBp > 0 ? 'S' : 'Z';
}

/** The exemption reason (BT-120, BT-121) a category needs; S and Z have none. */
export const VAT_EXEMPTIONS: Partial<Record<VatCategory, { code: string; text: string }>> = {
  AE: { code: 'VATEX-EU-AE', text: 'Reverse charge: the recipient accounts for the VAT' },
  G: { code: 'VATEX-EU-G', text: 'Export outside the EU' },
};

/** The seller as an invoice is issued by it (the company profile when finalized). */
export const issuedSellerSchema = z.object({
  name: z.string(),
  address: z.string(),
  postcode: z.string(),
  city: z.string(),
  countryCode: z.string(),
  email: z.string(),
  phone: z.string(),
  vatId: z.string(),
  taxNumber: z.string(),
  registerEntry: z.string(),
  iban: z.string(),
  bic: z.string(),
});
export type IssuedSeller = z.infer<typeof issuedSellerSchema>;

/** The buyer as an invoice is issued to it: the invoice's client and its site's customer. */
export const issuedBuyerSchema = z.object({
  name: z.string(),
  address: z.string(),
  postcode: z.string(),
  city: z.string(),
  countryCode: z.string(),
  email: z.string().nullable(),
  vatId: z.string().nullable(),
  buyerReference: z.string().nullable(),
});
export type IssuedBuyer = z.infer<typeof issuedBuyerSchema>;

/**
 * What a finalized invoice or credit note was issued with (decision 053), kept with it: the PDF,
 * the Excel file and the e-invoice read this, never the profile or the customer as they are now.
 */
export const issuedDocumentSchema = z.object({
  seller: issuedSellerSchema,
  buyer: issuedBuyerSchema,
  site: z.object({ name: z.string(), address: z.string() }),
  vatCategory: z.enum(['S', ...ZERO_RATINGS]),
  /** Who made the invoice, as its files name them. */
  createdBy: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type IssuedDocument = z.infer<typeof issuedDocumentSchema>;

/** The 409 of a finalizing that the law's details are missing for. */
export const NOT_READY_TO_ISSUE =
  'The invoice cannot be finalized yet: an invoice must name its issuer and customer as the law requires. Add what is missing on Settings (company profile) and on the location (customer).';

/**
 * What the law (and EN 16931) needs before an invoice is issued and is not there, as sentences
 * for the 409's `errors`: the company's name, address with postcode, city and country, a VAT id
 * or tax number, a bank account; the buyer's country; for a reverse charge both VAT ids.
 */
export function missingForIssue(
  seller: Omit<IssuedSeller, 'name' | 'address' | 'email' | 'phone'> & {
    name: string;
    address: string;
  },
  buyer: Pick<IssuedBuyer, 'countryCode' | 'vatId' | 'postcode' | 'city' | 'buyerReference'>,
  vatCategory: VatCategory,
): Array<{ path: string; message: string }> {
  const missing: Array<{ path: string; message: string }> = [];
  const need = (ok: unknown, path: string, message: string) => {
    if (!ok) missing.push({ path, message });
  };
  need(seller.name, 'company.companyName', 'The company profile has no company name.');
  need(seller.address, 'company.address', 'The company profile has no address.');
  need(seller.postcode, 'company.postcode', 'The company profile has no postcode.');
  need(seller.city, 'company.city', 'The company profile has no city.');
  need(seller.countryCode, 'company.countryCode', 'The company profile has no country.');
  need(
    seller.vatId || seller.taxNumber,
    'company.vatId',
    'The company profile has neither a VAT ID nor a tax number.',
  );
  if (vatCategory === 'AE' || vatCategory === 'G') {
    need(
      seller.vatId,
      'company.vatId',
      'A reverse-charge or export invoice needs the company’s VAT ID.',
    );
  }
  need(seller.iban, 'company.iban', 'The company profile has no IBAN to be paid to.');
  need(buyer.countryCode, 'customer.countryCode', 'The site’s customer has no country.');
  if (buyer.buyerReference) {
    // A buyer reference makes it an XRechnung, which needs the buyer's postcode and city.
    need(buyer.postcode, 'customer.postcode', 'The site’s customer has no postcode.');
    need(buyer.city, 'customer.city', 'The site’s customer has no city.');
  }
  if (vatCategory === 'AE') {
    need(buyer.vatId, 'customer.vatId', 'A reverse-charge invoice needs the customer’s VAT ID.');
  }
  return missing;
}

/** UN/ECE Recommendation 20 code of a unit of an invoice line. */
export function unitCode(unit: string | null | undefined): string {
  if (!unit) return 'C62';
  if (unit.startsWith('SQM')) return 'MTK';
  if (unit.startsWith('CUM')) return 'MTQ';
  if (unit.startsWith('Running')) return 'MTR';
  if (unit === 'DAY') return 'DAY';
  return 'C62';
}
