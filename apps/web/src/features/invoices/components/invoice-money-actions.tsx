import { type InvoiceDto, isFinalized, normalizeRole } from '@stockyard/shared';
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { CreditNoteDialog } from './credit-note-dialog';

/** Credit note: an admin's button on a finalized work or hire invoice, and its dialog. */
export function CreditNoteButton({ invoice }: { invoice: InvoiceDto }) {
  const admin = normalizeRole(useSession()?.user.role) === 'ADMIN';
  const [open, setOpen] = useState(false);
  if (!admin || !isFinalized(invoice.status) || invoice.kind === 'CREDIT') return null;
  return (
    <>
      <Button variant="outline" size="sm" className="no-print" onClick={() => setOpen(true)}>
        <Undo2 className="h-4 w-4" aria-hidden />
        Credit note
      </Button>
      {open ? <CreditNoteDialog invoice={invoice} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
