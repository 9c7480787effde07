import { MOVEMENT_NOTE_MESSAGES, type MovementNoteDto } from '@stockyard/shared';
import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ErrorLine, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { notifyToast } from '@/lib/toast';
import { useSignNote } from '../api/movement-notes';

/**
 * Signing a note on the phone: the person who receives draws on the pad (touch,
 * pen or mouse) and types their name; the pad goes to the server as a PNG. Someone who cannot draw
 * types the signature instead: their typed name is the signature, and the note says
 * it was typed.
 */
export function NotesSignPad({ note, onDone }: { note: MovementNoteDto; onDone: () => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [name, setName] = useState('');
  const [typed, setTyped] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sign = useSignNote();

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    // The canvas drawn at the screen's own density, so that the line is sharp.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    element.width = element.offsetWidth * ratio;
    element.height = element.offsetHeight * ratio;
    element.getContext('2d')?.scale(ratio, ratio);
    const signature = new SignaturePad(element, { penColor: '#111827' });
    pad.current = signature;
    return () => signature.off();
  }, []);

  const submit = async () => {
    setError(null);
    if (!typed && (!pad.current || pad.current.isEmpty())) {
      setError(MOVEMENT_NOTE_MESSAGES.signatureBlank);
      return;
    }
    if (name.trim() === '') {
      setError(MOVEMENT_NOTE_MESSAGES.nameRequired);
      return;
    }
    try {
      await sign.mutateAsync({
        id: note.id,
        input: typed
          ? { name: name.trim(), typed: true }
          : { name: name.trim(), signature: pad.current!.toDataURL('image/png') },
      });
      notifyToast.success(`${note.number} signed`);
      onDone();
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : 'The note could not be signed');
    }
  };

  return (
    <div className="space-y-3 rounded-md border border-border p-3">
      <p className="text-sm font-medium">Sign {note.number}</p>
      <Checkbox
        id={`note-${note.id}-typed`}
        label="Type the signature instead of drawing it"
        checked={typed}
        onChange={(event) => setTyped(event.target.checked)}
      />
      <div hidden={typed} className="space-y-3">
        <canvas
          ref={canvas}
          aria-label="Signature pad: draw the signature here"
          data-testid="signature-pad"
          className="h-40 w-full touch-none rounded border border-dashed border-border bg-white"
        />
        <div className="flex justify-end">
          <Button variant="outline" size="sm" onClick={() => pad.current?.clear()}>
            Clear
          </Button>
        </div>
      </div>
      {typed ? (
        <p className="text-sm text-muted-foreground">
          The name typed below is the signature; the note will say it was typed.
        </p>
      ) : null}
      <FormField id={`note-${note.id}-signer`} label="Name of the person signing">
        <Input
          id={`note-${note.id}-signer`}
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </FormField>
      <ErrorLine>{error}</ErrorLine>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={sign.isPending}>
          {sign.isPending ? 'Signing...' : 'Sign'}
        </Button>
      </div>
    </div>
  );
}
