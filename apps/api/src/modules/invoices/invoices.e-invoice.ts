import {
  type InvoiceDto,
  type IssuedDocument,
  unitCode,
  VAT_EXEMPTIONS,
  type VatCategory,
} from '@stockyard/shared';

/**
 * A finalized invoice or credit note as an EN 16931 e-invoice in UN/CEFACT Cross Industry Invoice
 * XML (D16B, the syntax of Factur-X and ZUGFeRD), from what it was issued with. A customer with a
 * buyer reference gets the XRechnung guideline (the German CIUS, which needs it, BT-10); everyone
 * else the plain EN 16931 one.
 *
 * Units are UN/ECE Recommendation 20 codes (MTK, MTQ, MTR, DAY, C62); every line carries the
 * invoice's VAT category (S, Z, AE, G) and rate; a credit note is type 381 with positive amounts
 * (the type says it gives back) and names the invoice it corrects (BT-25, BT-26).
 */

const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';
const XRECHNUNG_GUIDELINE = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
const PEPPOL_BILLING = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/** Whether the e-invoice follows the XRechnung rules (the customer gave a buyer reference). */
export const isXRechnung = (issued: IssuedDocument) => Boolean(issued.buyer.buyerReference);

/** The e-invoice's file name: its number. */
export const eInvoiceName = (invoice: Pick<InvoiceDto, 'number' | 'invoiceId'>) =>
  `${invoice.number ?? invoice.invoiceId}.xml`;

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Characters XML 1.0 does not allow.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is removed
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '');

type Node = string | null | undefined | false;

/** An element with its children (null ones left out); text content is escaped. */
function el(name: string, ...children: Node[]): string {
  const inner = children.filter((child): child is string => Boolean(child)).join('');
  return inner ? `<${name}>${inner}</${name}>` : '';
}
function text(name: string, value: string | null | undefined, attributes = ''): string {
  if (value === null || value === undefined || value === '') return '';
  return `<${name}${attributes}>${escapeXml(value)}</${name}>`;
}
const date102 = (iso: string) => iso.replaceAll('-', '');
const udtDate = (name: string, iso: string | null) =>
  iso
    ? `<${name}><udt:DateTimeString format="102">${date102(iso)}</udt:DateTimeString></${name}>`
    : '';
const qdtDate = (name: string, iso: string | null) =>
  iso
    ? `<${name}><qdt:DateTimeString format="102">${date102(iso)}</qdt:DateTimeString></${name}>`
    : '';

/** Whole cents as an amount with two decimals (no binary float: integer arithmetic). */
function amount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
/** A quantity as given (the calculated quantities are two-decimal numbers already). */
const quantityText = (value: number) => String(Number(value.toFixed(4)));
/** A VAT rate in basis points as a percentage: 2000 is 20, 750 is 7.5. */
const percent = (bp: number) => String(bp / 100);

/** One line of the e-invoice: quantity in a Rec 20 unit, net price, net amount (cents). */
type Line = {
  name: string;
  description: string | null;
  quantity: number;
  unit: string;
  priceCents: number;
  amountCents: number;
  from: string | null;
  to: string | null;
};

/**
 * A line priced per unit whose price times quantity is its amount exactly: the first of the
 * candidates (quantity, unit) that divides the amount into whole cents, else one piece.
 */
function exactLine(
  base: Omit<Line, 'quantity' | 'unit' | 'priceCents'>,
  candidates: Array<[number, string]>,
): Line {
  // A price is never negative (BR-27): a line that gives money back has a negative quantity.
  const sign = base.amountCents < 0 ? -1 : 1;
  const amount = Math.abs(base.amountCents);
  for (const [quantity, unit] of candidates) {
    if (Number.isInteger(quantity) && quantity > 0 && amount % quantity === 0) {
      return { ...base, quantity: sign * quantity, unit, priceCents: amount / quantity };
    }
  }
  return { ...base, quantity: sign, unit: 'C62', priceCents: amount };
}

type Charge = InvoiceDto['charges'][number];
type Item = InvoiceDto['items'][number];

function itemLine(item: Item, amountCents: number): Line {
  return {
    name: [item.job_type, item.job_description].filter(Boolean).join(' - '),
    description: [item.location, item.remark].filter(Boolean).join(', ') || null,
    quantity: item.itemTotalCalculatedQuantity,
    unit: unitCode(item.uom),
    // A line without a work rate has price 0 and amount 0.
    priceCents: item.rateCents ?? 0,
    amountCents,
    from: item.item_date,
    to: item.item_date,
  };
}

function chargeLine(charge: Charge, amountCents: number): Line {
  const base = {
    name: charge.description,
    description: null,
    amountCents,
    from: charge.fromDate,
    to: charge.toDate,
  };
  if (charge.kind === 'HIRE') {
    // Unit-days where the amount is that many days at one price, else the units over the stretch.
    return exactLine(base, [
      [charge.quantity * (charge.days ?? 0), 'DAY'],
      [charge.quantity, 'C62'],
    ]);
  }
  return exactLine(base, [[charge.quantity, unitCode(charge.unit)]]);
}

/** The lines of the document in their order, amounts as the document's type reads them. */
function linesOf(invoice: InvoiceDto, credited: InvoiceDto | null): Line[] {
  if (invoice.kind !== 'CREDIT') {
    return [
      ...invoice.items.map((item) => itemLine(item, item.amountCents)),
      ...invoice.charges.map((charge) => chargeLine(charge, charge.amountCents)),
    ];
  }
  // A credit note gives back lines of its invoice: each as that line read, its amount positive.
  return invoice.charges.map((charge) => {
    const back = -charge.amountCents;
    const item = credited?.items.find((i) => i.id === charge.creditedItemId);
    if (item) {
      const line = itemLine(item, back);
      return line.quantity > 0 && item.amountCents === back
        ? line
        : exactLine({ ...line }, [[1, 'C62']]);
    }
    const line = credited?.charges.find((c) => c.id === charge.creditedChargeId);
    if (line && line.amountCents === back) return chargeLine(line, back);
    return exactLine(
      { name: charge.description, description: null, amountCents: back, from: null, to: null },
      [[charge.quantity, unitCode(charge.unit)]],
    );
  });
}

function tradeTax(category: VatCategory, rateBp: number) {
  return el(
    'ram:ApplicableTradeTax',
    '<ram:TypeCode>VAT</ram:TypeCode>',
    text('ram:CategoryCode', category),
    text('ram:RateApplicablePercent', percent(rateBp)),
  );
}

function period(name: string, from: string | null, to: string | null) {
  if (!from || !to) return '';
  return el(name, udtDate('ram:StartDateTime', from), udtDate('ram:EndDateTime', to));
}

function address(street: string, postcode: string, city: string, countryCode: string): string {
  const lines = street
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  // Lines beyond the third are kept on the third.
  const third = lines.slice(2).join(', ');
  return el(
    'ram:PostalTradeAddress',
    text('ram:PostcodeCode', postcode),
    text('ram:LineOne', lines[0]),
    text('ram:LineTwo', lines[1]),
    text('ram:LineThree', third),
    text('ram:CityName', city),
    text('ram:CountryID', countryCode),
  );
}

/**
 * The CII XML of a finalized invoice or credit note. `credited` is, for a credit note, the invoice
 * it corrects as that was issued (its number and date, BT-25 and BT-26, and its lines' units).
 */
export function eInvoiceXml(invoice: InvoiceDto, credited: InvoiceDto | null): string {
  const issued = invoice.issued;
  if (!issued) throw new Error('Only a finalized invoice is an e-invoice');
  const { seller, buyer } = issued;
  const isCredit = invoice.kind === 'CREDIT';
  // A credit note's amounts are stored negative; type 381 carries them positive.
  const sign = isCredit ? -1 : 1;
  const category = issued.vatCategory;
  const rateBp = category === 'S' ? invoice.vatRateBp : 0;
  const exemption = VAT_EXEMPTIONS[category];
  const lines = linesOf(invoice, credited);
  const net = sign * invoice.netCents;
  const vat = sign * invoice.vatCents;
  const gross = sign * invoice.grossCents;
  const currency = invoice.currency;
  const xrechnung = isXRechnung(issued);
  const sellerStreet = seller.address;
  const terms = isCredit
    ? `Credit note for invoice ${invoice.creditedInvoiceNumber ?? ''}: the amount is refunded or set against the next payment.`
    : `Payment due by ${invoice.dueDate}, by credit transfer quoting ${invoice.number}.`;

  const lineItems = lines.map((line, index) =>
    el(
      'ram:IncludedSupplyChainTradeLineItem',
      el('ram:AssociatedDocumentLineDocument', text('ram:LineID', String(index + 1))),
      el(
        'ram:SpecifiedTradeProduct',
        text('ram:Name', line.name || 'Line'),
        text('ram:Description', line.description),
      ),
      el(
        'ram:SpecifiedLineTradeAgreement',
        el('ram:NetPriceProductTradePrice', text('ram:ChargeAmount', amount(line.priceCents))),
      ),
      el(
        'ram:SpecifiedLineTradeDelivery',
        text('ram:BilledQuantity', quantityText(line.quantity), ` unitCode="${line.unit}"`),
      ),
      el(
        'ram:SpecifiedLineTradeSettlement',
        tradeTax(category, rateBp),
        period('ram:BillingSpecifiedPeriod', line.from, line.to),
        el(
          'ram:SpecifiedTradeSettlementLineMonetarySummation',
          text('ram:LineTotalAmount', amount(line.amountCents)),
        ),
      ),
    ),
  );

  const sellerParty = el(
    'ram:SellerTradeParty',
    text('ram:Name', seller.name),
    text('ram:Description', seller.registerEntry),
    el(
      'ram:DefinedTradeContact',
      text('ram:PersonName', seller.name),
      el('ram:TelephoneUniversalCommunication', text('ram:CompleteNumber', seller.phone)),
      el('ram:EmailURIUniversalCommunication', text('ram:URIID', seller.email)),
    ),
    address(sellerStreet, seller.postcode, seller.city, seller.countryCode),
    el('ram:URIUniversalCommunication', text('ram:URIID', seller.email, ' schemeID="EM"')),
    el('ram:SpecifiedTaxRegistration', text('ram:ID', seller.vatId, ' schemeID="VA"')),
    el('ram:SpecifiedTaxRegistration', text('ram:ID', seller.taxNumber, ' schemeID="FC"')),
  );
  const buyerParty = el(
    'ram:BuyerTradeParty',
    text('ram:Name', buyer.name),
    address(buyer.address, buyer.postcode, buyer.city, buyer.countryCode),
    el('ram:URIUniversalCommunication', text('ram:URIID', buyer.email, ' schemeID="EM"')),
    el('ram:SpecifiedTaxRegistration', text('ram:ID', buyer.vatId, ' schemeID="VA"')),
  );

  const paymentMeans = isCredit
    ? // The seller gives back: no account of its own to pay to.
      el('ram:SpecifiedTradeSettlementPaymentMeans', text('ram:TypeCode', '1'))
    : el(
        'ram:SpecifiedTradeSettlementPaymentMeans',
        text('ram:TypeCode', '58'),
        el('ram:PayeePartyCreditorFinancialAccount', text('ram:IBANID', seller.iban)),
        el('ram:PayeeSpecifiedCreditorFinancialInstitution', text('ram:BICID', seller.bic)),
      );

  const breakdown = el(
    'ram:ApplicableTradeTax',
    text('ram:CalculatedAmount', amount(vat)),
    '<ram:TypeCode>VAT</ram:TypeCode>',
    text('ram:ExemptionReason', exemption?.text),
    text('ram:BasisAmount', amount(net)),
    text('ram:CategoryCode', category),
    text('ram:ExemptionReasonCode', exemption?.code),
    text('ram:RateApplicablePercent', percent(rateBp)),
  );

  const corrected =
    isCredit && credited?.number
      ? el(
          'ram:InvoiceReferencedDocument',
          text('ram:IssuerAssignedID', credited.number),
          qdtDate('ram:FormattedIssueDateTime', credited.issueDate),
        )
      : '';

  const notes = [
    invoice.kind === 'CREDIT' ? invoice.notes && `Reason: ${invoice.notes}` : invoice.notes,
    invoice.job_details,
    invoice.invoice_remark,
  ].filter((note): note is string => Boolean(note));

  const body = el(
    'rsm:CrossIndustryInvoice',
    el(
      'rsm:ExchangedDocumentContext',
      xrechnung &&
        el('ram:BusinessProcessSpecifiedDocumentContextParameter', text('ram:ID', PEPPOL_BILLING)),
      el(
        'ram:GuidelineSpecifiedDocumentContextParameter',
        text('ram:ID', xrechnung ? XRECHNUNG_GUIDELINE : EN16931_GUIDELINE),
      ),
    ),
    el(
      'rsm:ExchangedDocument',
      text('ram:ID', invoice.number ?? invoice.invoiceId),
      text('ram:TypeCode', isCredit ? '381' : '380'),
      udtDate('ram:IssueDateTime', invoice.issueDate),
      ...notes.map((note) => el('ram:IncludedNote', text('ram:Content', note))),
    ),
    el(
      'rsm:SupplyChainTradeTransaction',
      ...lineItems,
      el(
        'ram:ApplicableHeaderTradeAgreement',
        text('ram:BuyerReference', buyer.buyerReference),
        sellerParty,
        buyerParty,
      ),
      el(
        'ram:ApplicableHeaderTradeDelivery',
        el('ram:ShipToTradeParty', text('ram:Name', issued.site.name)),
      ) || '<ram:ApplicableHeaderTradeDelivery/>',
      el(
        'ram:ApplicableHeaderTradeSettlement',
        text('ram:PaymentReference', invoice.number),
        text('ram:InvoiceCurrencyCode', currency),
        paymentMeans,
        breakdown,
        period('ram:BillingSpecifiedPeriod', invoice.periodStart, invoice.periodEnd),
        el(
          'ram:SpecifiedTradePaymentTerms',
          text('ram:Description', terms),
          udtDate('ram:DueDateDateTime', invoice.dueDate),
        ),
        el(
          'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
          text('ram:LineTotalAmount', amount(lines.reduce((sum, l) => sum + l.amountCents, 0))),
          text('ram:TaxBasisTotalAmount', amount(net)),
          text('ram:TaxTotalAmount', amount(vat), ` currencyID="${currency}"`),
          text('ram:GrandTotalAmount', amount(gross)),
          text('ram:DuePayableAmount', amount(gross)),
        ),
        corrected,
      ),
    ),
  ).replace(
    '<rsm:CrossIndustryInvoice>',
    '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">',
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;
}
