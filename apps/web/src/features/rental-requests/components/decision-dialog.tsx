import { RENTAL_REQUEST_MESSAGES as M } from '@stockyard/shared';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { serverMessage } from '@/lib/form-errors';
import { notifyToast } from '@/lib/toast';
import { type Decision, useDecideRentalRequest } from '../api/save-rental-request';

const TEXT = {
  approve: {
    title: 'Approve Request',
    description: 'The notes stay on the request and are sent to the requester.',
    confirm: 'Approve',
    pending: 'Approving...',
    done: M.approved,
  },
  reject: {
    title: 'Reject Request',
    description: 'Say why: the notes stay on the request and are sent to the requester.',
    confirm: 'Reject',
    pending: 'Rejecting...',
    done: M.rejected,
  },
} as const;

/** Approve or Reject with notes; the confirm stays disabled until the notes are not blank. */
export function DecisionDialog({
  request,
  onOpenChange,
}: {
  /** The request and the decision to take; null when closed. */
  request: { id: number; decision: Decision } | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [notes, setNotes] = useState('');
  const decide = useDecideRentalRequest();
  const text = TEXT[request?.decision ?? 'approve'];

  // A new dialog starts with no notes; the page's re-renders (a refetch) keep what is typed.
  const opened = request ? `${request.id}:${request.decision}` : null;
  useEffect(() => {
    if (opened) setNotes('');
  }, [opened]);

  const confirm = () => {
    if (!request || notes.trim() === '') return;
    decide.mutate(
      { id: request.id, decision: request.decision, notes: notes.trim() },
      {
        onSuccess: () => {
          notifyToast.success(text.done, { description: `Request #${request.id}` });
          onOpenChange(false);
        },
        onError: (error) =>
          notifyToast.error('Error', {
            description: serverMessage(error) ?? M.decisionFailed(request.decision),
          }),
      },
    );
  };

  return (
    <Dialog open={request !== null} onOpenChange={onOpenChange}>
      <DialogContent title={text.title} description={text.description}>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <FormField id="decision-notes" label="Notes">
            <Textarea
              id="decision-notes"
              rows={4}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
            />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={request?.decision === 'reject' ? 'destructive' : 'primary'}
              disabled={notes.trim() === '' || decide.isPending}
            >
              {decide.isPending ? text.pending : text.confirm}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
