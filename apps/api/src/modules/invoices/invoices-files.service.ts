import {
  INVOICE_MESSAGES,
  type InvoiceDto,
  type IssuedDocument,
  type IssuedSeller,
  type SessionUser,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import { conflict } from '../../lib/app-error';
import { invoiceHeading } from '../settings/settings.service';
import { eInvoiceName, eInvoiceXml } from './invoices.e-invoice';
import { type InvoiceHeading, invoiceAttachment, invoiceFile } from './invoices.excel';
import { facturXPdf } from './invoices.factur-x';
import { invoicePdfName, renderInvoicePdf } from './invoices.pdf';
import { getInvoice, wholeInvoice } from './invoices.service';

/** An invoice's files: its Excel sheet, its PDF and its e-invoice, a draft as it is now. */

/**
 * The invoice's Excel file (02 section 2.4) and its Content-Disposition: a draft as it is now, a
 * finalized invoice as it was issued. Another location's invoice is 404.
 */
export async function invoiceExcel(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<{ file: Buffer; attachment: string }> {
  const { invoice, heading } = await documentOf(ctx, user, id);
  return { file: await invoiceFile(invoice, heading), attachment: invoiceAttachment(invoice) };
}

/**
 * The invoice (or credit note) as an A4 PDF and its file name: a draft as it is now, a finalized
 * one as it was issued, with its e-invoice embedded (Factur-X). Another location's is 404.
 */
export async function invoicePdf(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<{ file: Buffer; fileName: string }> {
  const { invoice, heading, credited } = await documentOf(ctx, user, id);
  return {
    file: invoice.issued
      ? await facturXPdf(invoice, heading, credited)
      : await renderInvoicePdf(invoice, heading),
    fileName: invoicePdfName(invoice),
  };
}

/**
 * A finalized invoice or credit note as an EN 16931 e-invoice (UN/CEFACT CII XML),
 * from what it was issued with. A draft is none (409).
 */
export async function invoiceEInvoice(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<{ file: Buffer; fileName: string }> {
  const { invoice, credited } = await documentOf(ctx, user, id);
  if (!invoice.issued) throw conflict(INVOICE_MESSAGES.eInvoiceDraft);
  return {
    file: Buffer.from(eInvoiceXml(invoice, credited), 'utf8'),
    fileName: eInvoiceName(invoice),
  };
}

/** The company as a document's head names it: its name, address and legal details. */
function headingOf(seller: IssuedSeller): InvoiceHeading | null {
  if (!seller.name) return null;
  const place = [seller.postcode, seller.city].filter(Boolean).join(' ');
  return {
    companyName: seller.name,
    address: [seller.address, place, seller.countryCode].filter(Boolean).join('\n'),
    details: [
      [seller.phone, seller.email].filter(Boolean).join(' · '),
      seller.vatId ? `VAT ID: ${seller.vatId}` : '',
      seller.taxNumber ? `Tax number: ${seller.taxNumber}` : '',
      seller.registerEntry,
      seller.iban ? `IBAN: ${seller.iban}${seller.bic ? `  BIC: ${seller.bic}` : ''}` : '',
    ].filter(Boolean),
  };
}

/**
 * The invoice as its files show it: a finalized one as it was issued (no later credit note marked
 * on its lines), a draft as it is now; with the company's heading, and a credit note's invoice.
 */
async function documentOf(ctx: AppContext, user: SessionUser, id: number) {
  const now = await getInvoice(ctx, user, id);
  const credited =
    now.kind === 'CREDIT' && now.creditedInvoiceId !== null
      ? await wholeInvoice(ctx, now.creditedInvoiceId)
      : null;
  if (!now.issued) {
    return { invoice: now, heading: await invoiceHeading(ctx), credited };
  }
  return {
    invoice: asIssued(now, now.issued),
    heading: headingOf(now.issued.seller),
    credited: credited?.issued ? asIssued(credited, credited.issued) : credited,
  };
}

/** A finalized invoice with the client, site and creator it was issued with. */
function asIssued(invoice: InvoiceDto, issued: IssuedDocument): InvoiceDto {
  const { buyer } = issued;
  const place = [buyer.postcode, buyer.city].filter(Boolean).join(' ');
  return {
    ...invoice,
    clientName: buyer.name,
    clientAddress: [buyer.address, place, buyer.countryCode].filter(Boolean).join('\n'),
    clientEmail: buyer.email,
    clientVatId: buyer.vatId,
    location: issued.site,
    user: issued.createdBy,
    creditNotes: [],
    items: invoice.items.map((item) => ({ ...item, credited: false })),
    charges: invoice.charges.map((charge) => ({ ...charge, credited: false })),
  };
}
