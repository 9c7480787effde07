import {
  conditionText,
  formatCount,
  isoToDisplayDate,
  labelOf,
  lineWeightLabel,
  MOVEMENT_NOTE_MESSAGES,
  MOVEMENT_NOTE_TITLES,
  type MovementNoteDto,
  type RentalDto,
  rentalName,
} from '@stockyard/shared';
import { FileDown, Mail, PenLine, RefreshCcw } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { ErrorLine, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useCan } from '@/lib/session';
import { notifyToast } from '@/lib/toast';
import {
  downloadNotePdf,
  useCorrectNote,
  useEmailNote,
  useRentalNotes,
} from '../api/movement-notes';
import { NotesPhotos } from './notes-photos';
import { NotesSignPad } from './notes-sign-pad';

/** E-mail the note's PDF to the addresses the admin types (comma or space apart). */
function NotesEmail({ note, onDone }: { note: MovementNoteDto; onDone: () => void }) {
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const email = useEmailNote();
  const send = async () => {
    const addresses = to.split(/[\s,;]+/).filter(Boolean);
    if (addresses.length === 0) {
      setError(MOVEMENT_NOTE_MESSAGES.recipientsRequired);
      return;
    }
    try {
      await email.mutateAsync({ id: note.id, to: addresses });
      notifyToast.success(`${note.number} is being sent to ${addresses.join(', ')}`);
      onDone();
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : 'The e-mail could not be queued');
    }
  };
  return (
    <div className="space-y-2 rounded-md border border-border p-3">
      <FormField id={`note-${note.id}-to`} label="E-mail addresses">
        <Input
          id={`note-${note.id}-to`}
          type="text"
          inputMode="email"
          placeholder="client@example.com, site@example.com"
          value={to}
          onChange={(event) => setTo(event.target.value)}
        />
      </FormField>
      <ErrorLine>{error}</ErrorLine>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={send} disabled={email.isPending}>
          {email.isPending ? 'Sending...' : 'Send'}
        </Button>
      </div>
    </div>
  );
}

type Panel = { noteId: number; kind: 'sign' | 'email' } | null;

function NoteCard({
  note,
  panel,
  setPanel,
  onCorrect,
}: {
  note: MovementNoteDto;
  panel: Panel;
  setPanel: (panel: Panel) => void;
  onCorrect: (note: MovementNoteDto) => void;
}) {
  const can = useCan();
  const [downloading, setDownloading] = useState(false);
  const open = panel?.noteId === note.id ? panel.kind : null;
  const download = async () => {
    setDownloading(true);
    try {
      await downloadNotePdf(note);
    } catch (cause) {
      notifyToast.error(cause instanceof ApiError ? cause.message : 'The PDF could not be loaded');
    } finally {
      setDownloading(false);
    }
  };
  return (
    <li className="space-y-2 rounded-md border border-border p-3" aria-label={note.number}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-medium">
            {MOVEMENT_NOTE_TITLES[note.kind]} {note.number}
          </p>
          <p className="text-xs text-muted-foreground">
            {isoToDisplayDate(note.date)} · {note.from.name} → {note.to.name}
            {note.corrects ? ` · Corrects ${note.corrects.number}` : ''}
          </p>
        </div>
        {note.signed ? (
          <Badge tone="green">
            Signed by {note.signed.name}
            {note.signed.typed ? ' (typed)' : ''}, {formatDateTime(note.signed.at)}
          </Badge>
        ) : (
          <Badge tone="yellow">Not signed</Badge>
        )}
      </div>
      <ul className="text-sm">
        {note.items.map((item) => (
          <li key={`${item.itemNumber ?? ''}:${item.name}:${item.quantity}`}>
            {item.itemNumber ? `${item.itemNumber} · ` : ''}
            {item.name}: {formatCount(item.quantity)} {labelOf(item.unit)} (
            {lineWeightLabel(item.weightKg)})
            {item.condition ? ` · ${conditionText(item.condition)}` : ''}
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">
        Total weight {lineWeightLabel(note.totalWeightKg)}
        {note.vehicle ? ` · Vehicle ${note.vehicle}` : ''}
        {note.driver ? ` · Driver ${note.driver}` : ''}
      </p>
      {note.correctedBy.length > 0 ? (
        <p className="text-xs">Corrected by {note.correctedBy.map((c) => c.number).join(', ')}</p>
      ) : null}
      {note.returnId !== null ? (
        <NotesPhotos returnId={note.returnId} photos={note.photos} canAdd={note.signed === null} />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={download} disabled={downloading}>
          <FileDown className="h-4 w-4" aria-hidden />
          {downloading ? 'Preparing PDF...' : 'Download PDF'}
        </Button>
        {note.signed === null && open !== 'sign' ? (
          <Button size="sm" onClick={() => setPanel({ noteId: note.id, kind: 'sign' })}>
            <PenLine className="h-4 w-4" aria-hidden />
            Sign
          </Button>
        ) : null}
        {can('POST /api/movement-notes/:id/email') ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setPanel({ noteId: note.id, kind: 'email' })}
          >
            <Mail className="h-4 w-4" aria-hidden />
            E-mail
          </Button>
        ) : null}
        {can('POST /api/movement-notes/:id/correct') ? (
          <Button variant="outline" size="sm" onClick={() => onCorrect(note)}>
            <RefreshCcw className="h-4 w-4" aria-hidden />
            Correct
          </Button>
        ) : null}
      </div>
      {open === 'sign' ? <NotesSignPad note={note} onDone={() => setPanel(null)} /> : null}
      {open === 'email' ? <NotesEmail note={note} onDone={() => setPanel(null)} /> : null}
    </li>
  );
}

/**
 * A rental's notes: its delivery note and each return's note, each downloaded as
 * its PDF, signed on the phone, e-mailed or corrected; a return's photos with them.
 */
export function NotesDialog({
  rental,
  onOpenChange,
}: {
  rental: RentalDto | null;
  onOpenChange: (open: boolean) => void;
}) {
  const query = useRentalNotes(rental?.id ?? null);
  const [panel, setPanel] = useState<Panel>(null);
  const [correcting, setCorrecting] = useState<MovementNoteDto | null>(null);
  const correct = useCorrectNote();
  const notes = query.data ?? [];
  const confirmCorrect = () => {
    if (!correcting) return;
    correct.mutate(
      { id: correcting.id, input: {} },
      {
        onSuccess: ({ data }) =>
          notifyToast.success(`${data.number} made; it corrects ${correcting.number}`),
        onSettled: () => setCorrecting(null),
      },
    );
  };
  return (
    <Dialog open={rental !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title={rental ? `Notes of ${rentalName(rental)}` : 'Notes'}
        description="The delivery note and each return's note, as PDF files to sign, send or correct."
        className="max-w-2xl"
      >
        {query.isPending ? (
          <p className="text-sm text-muted-foreground" role="status">
            Loading notes...
          </p>
        ) : query.isError ? (
          <div role="alert" className="space-y-2 text-sm text-destructive">
            <p>
              {query.error instanceof ApiError ? query.error.message : 'Notes could not be loaded'}
            </p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : notes.length === 0 ? (
          <p className="text-sm text-muted-foreground">This rental has no notes.</p>
        ) : (
          <ul className="space-y-3">
            {notes.map((note) => (
              <NoteCard
                key={note.id}
                note={note}
                panel={panel}
                setPanel={setPanel}
                onCorrect={setCorrecting}
              />
            ))}
          </ul>
        )}
        <ConfirmDialog
          open={correcting !== null}
          onOpenChange={(open) => {
            if (!open) setCorrecting(null);
          }}
          title="Correct this note?"
          description={
            correcting
              ? `A new note with a number of its own will correct ${correcting.number}, which stays as it is.`
              : ''
          }
          confirmLabel="Make correction"
          destructive={false}
          pending={correct.isPending}
          onConfirm={confirmCorrect}
        />
      </DialogContent>
    </Dialog>
  );
}
