import type { InvoiceDto } from '@stockyard/shared';
import { eInvoiceXml, isXRechnung } from './invoices.e-invoice';
import type { InvoiceHeading } from './invoices.excel';
import { invoicePdfWriter } from './invoices.pdf';

/** The name Factur-X (and ZUGFeRD 2.2 on) gives the embedded XML, whatever its profile. */
const FACTUR_X_FILE = 'factur-x.xml';

const FX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

const property = (name: string, description: string) => `
              <rdf:li rdf:parseType="Resource">
                <pdfaProperty:name>${name}</pdfaProperty:name>
                <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                <pdfaProperty:category>external</pdfaProperty:category>
                <pdfaProperty:description>${description}</pdfaProperty:description>
              </rdf:li>`;

/**
 * The XMP a Factur-X reader looks for: the fx properties (the XML's name, its type, the version
 * and the profile) and the PDF/A extension schema that declares them, as PDF/A-3 requires of any
 * property outside its predefined schemas.
 */
function facturXXmp(conformanceLevel: string): string {
  return `
        <rdf:Description rdf:about="" xmlns:fx="${FX_NAMESPACE}">
            <fx:DocumentType>INVOICE</fx:DocumentType>
            <fx:DocumentFileName>${FACTUR_X_FILE}</fx:DocumentFileName>
            <fx:Version>1.0</fx:Version>
            <fx:ConformanceLevel>${conformanceLevel}</fx:ConformanceLevel>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
          <pdfaExtension:schemas>
            <rdf:Bag>
              <rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>${FX_NAMESPACE}</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property>
                  <rdf:Seq>${property('DocumentFileName', 'The name of the embedded XML document')}${property('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER')}${property('Version', 'The actual version of the standard applying to the embedded XML document')}${property('ConformanceLevel', 'The conformance level of the embedded XML document')}
                  </rdf:Seq>
                </pdfaSchema:property>
              </rdf:li>
            </rdf:Bag>
          </pdfaExtension:schemas>
        </rdf:Description>
        `;
}

/**
 * A finalized invoice or credit note as one file for people and accounting systems: its PDF as
 * PDF/A-3b with its e-invoice (GET /e-invoice's XML) embedded as factur-x.xml, its Alternative, and
 * the Factur-X XMP of profile EN 16931 (XRECHNUNG where the XML follows those rules).
 */
export function facturXPdf(
  invoice: InvoiceDto,
  heading: InvoiceHeading | null,
  credited: InvoiceDto | null,
): Promise<Buffer> {
  if (!invoice.issued) throw new Error('Only a finalized invoice is a Factur-X invoice');
  const xml = Buffer.from(eInvoiceXml(invoice, credited), 'utf8');
  const issuedAt = invoice.finalizedAt ? new Date(invoice.finalizedAt) : new Date();
  const pdf = invoicePdfWriter(invoice, heading, {
    pdfkit: {
      subset: 'PDF/A-3b',
      pdfVersion: '1.7',
      info: {
        Title: `${invoice.kind === 'CREDIT' ? 'Credit note' : 'Invoice'} ${invoice.number}`,
        Author: heading?.companyName ?? 'Stockyard',
        Subject: `Factur-X e-invoice ${invoice.number}`,
        CreationDate: issuedAt,
        ModDate: issuedAt,
      },
    },
  });
  // pdfkit writes the file spec's AFRelationship and lists it in the catalogue's AF (its types
  // do not know the option yet).
  const attachment: PDFKit.Mixins.PDFAttachmentOptions & { relationship: string } = {
    name: FACTUR_X_FILE,
    type: 'text/xml',
    relationship: 'Alternative',
    description: `Factur-X e-invoice ${invoice.number} (EN 16931, UN/CEFACT CII)`,
    creationDate: issuedAt,
    modifiedDate: issuedAt,
  };
  pdf.doc.file(xml, attachment);
  pdf.doc.appendXML(facturXXmp(isXRechnung(invoice.issued) ? 'XRECHNUNG' : 'EN 16931'));
  return pdf.finish();
}
