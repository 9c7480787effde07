import { describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES } from '../invoices';
import { creditNoteSchema, invoiceDetailsFormSchema, looksLikeSystemNumber } from './invoices';
import { movementNoteNumber } from './movement-notes';

describe('the ids a person types (decision 047)', () => {
  it.each([
    'INV-2026-00001',
    'cn-2026-00008',
    movementNoteNumber('DELIVERY', 2026, 1),
    movementNoteNumber('RETURN', 2027, 12345),
    'HIRE-2026-09-01-S12',
    'hire-',
    'ＣＮ-２０２６-０００１',
    ' Cń-2026-1 ',
  ])('refuses %j, in the form of a number the system gives', (id) => {
    expect(looksLikeSystemNumber(id)).toBe(true);
  });

  it.each([
    'INV-123456',
    'INV-RENT-1767225600000',
    'CN-TOWER-7',
    'INV-26-1',
    'HIRED-1',
    'XINV-2026-1',
  ])('keeps %j', (id) => {
    expect(looksLikeSystemNumber(id)).toBe(false);
  });

  it("shows the refusal under the details step's Invoice ID", () => {
    const result = invoiceDetailsFormSchema.safeParse({
      invoiceId: 'CN-2026-00008',
      locationId: 1,
      clientName: 'Acme',
      clientAddress: '1 Road',
      issueDate: '2026-03-01',
      dueDate: '2026-03-02',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['invoiceId'], message: INVOICE_MESSAGES.invoiceIdReserved }),
    ]);
  });
});

describe('a credit note', () => {
  it('with lists of lines, both empty, says to choose lines; with none, credits every line', () => {
    const empty = creditNoteSchema.safeParse({ reason: 'x', itemIds: [], chargeIds: [] });
    expect(empty.error?.issues[0]?.message).toBe(INVOICE_MESSAGES.creditChooseLines);
    expect(creditNoteSchema.safeParse({ reason: 'x' }).success).toBe(true);
    expect(creditNoteSchema.safeParse({ reason: 'x', itemIds: [3], chargeIds: [] }).success).toBe(
      true,
    );
  });
});
