import { isoToDisplayDate, STOCK_TAKE_MESSAGES, type StockTakeCountInput } from '@stockyard/shared';
import { useMemo, useState } from 'react';
import { DiscardRefusedWrite, PendingWriteState } from '@/components/pending-write';
import { ScanToAdd } from '@/components/scanner/scan-to-add';
import { Button } from '@/components/ui/button';
import { ErrorLine } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { KEPT_ON_DEVICE, useOutbox } from '@/lib/offline/device';
import type { OutboxEntry } from '@/lib/offline/outbox';
import { findScanned, readScan, type ScanOutcome } from '@/lib/scan-rules';
import { notifyToast } from '@/lib/toast';
import {
  useConfirmCountInApp,
  useCountedMaterials,
  usePreviewCountInApp,
} from '../api/count-stock-take';
import { StockTakePreviewTable } from './stock-take-preview-table';

/** A Counted field's fault; null when it is empty (not counted) or a whole number from 0. */
function countedError(text: string): string | null {
  if (text.trim() === '') return null;
  return /^\d{1,10}$/.test(text.trim()) ? null : STOCK_TAKE_MESSAGES.countedInvalid;
}

function refusalText(error: unknown, fallback: string): string {
  const message = serverMessage(error) ?? fallback;
  if (!(error instanceof ApiError) || error.errors.length === 0) return message;
  return `${message} ${error.errors.map((fault) => `${fault.path}: ${fault.message}`).join('; ')}`;
}

/** "Count of dd/mm/yyyy waiting to be sent" (or refused), of a count kept in the outbox. */
function waitingCountText(entry: OutboxEntry): string {
  const preview = entry.preview;
  const body = entry.write.body as Partial<StockTakeCountInput> | null;
  const date =
    (preview.kind === 'stock-take-count' ? preview.countDate : undefined) ?? body?.countDate;
  const of = date ? `Count of ${isoToDisplayDate(date)}` : 'A count';
  return entry.error ? `${of} refused by the server` : `${of} waiting to be sent`;
}

/**
 * Count here: the location's materials, each with a Counted field; Scan to add adds one
 * to the material a label names. Then the same preview of differences as a sheet's, and Confirm.
 */
export function StockTakeCount({
  location,
  countDate,
  dateError,
  onDone,
}: {
  location: { id: number; name: string };
  countDate: string;
  dateError: string | null;
  onDone: () => void;
}) {
  const materials = useCountedMaterials(location.id);
  const preview = usePreviewCountInApp();
  const confirm = useConfirmCountInApp();
  const [counted, setCounted] = useState<Record<number, string>>({});
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const list = materials.data?.materials ?? [];
  // Counts of this location made on this device that the server does not have yet:
  // shown first, so that another count is started knowingly, not over one unseen.
  const waiting = useOutbox('stock-take-count').filter(
    (entry) =>
      entry.preview.kind === 'stock-take-count' && entry.preview.locationId === location.id,
  );
  const [countAgain, setCountAgain] = useState(false);

  const input = useMemo<StockTakeCountInput>(
    () => ({
      countDate,
      counts: list
        .filter((material) => (counted[material.id] ?? '').trim() !== '')
        .map((material) => ({
          materialId: material.id,
          counted: Number(counted[material.id]!.trim()),
        })),
    }),
    [countDate, counted, list],
  );
  const faulty = list.some((material) => countedError(counted[material.id] ?? '') !== null);

  const change = (id: number, text: string) => {
    preview.reset();
    setCounted((was) => ({ ...was, [id]: text }));
  };

  const onScan = (text: string): ScanOutcome => {
    const target = readScan(text);
    if (target?.kind !== 'material') {
      return { ok: false, message: 'This is not a Stockyard material label.' };
    }
    const material = findScanned(target.code, list);
    if (!material) {
      return { ok: false, message: `Label ${target.code} is not a material at ${location.name}` };
    }
    const now = Number(counted[material.id]?.trim() || 0);
    const next = (Number.isInteger(now) ? now : 0) + 1;
    change(material.id, String(next));
    return { ok: true, message: `${material.name}: ${next}` };
  };

  const result = preview.isPending ? undefined : preview.data?.data;
  const canPreview = input.counts.length > 0 && !faulty && dateError === null && !preview.isPending;
  const canConfirm =
    result !== undefined && result.counts.errors === 0 && canPreview && !confirm.isPending;

  const onConfirm = async () => {
    setConfirmError(null);
    try {
      const outcome = await confirm.mutateAsync({ locationId: location.id, input });
      if (outcome.kept) {
        notifyToast.info(KEPT_ON_DEVICE.title, { description: KEPT_ON_DEVICE.description });
      } else {
        notifyToast.success('Stock-take confirmed', { description: outcome.answer.message });
      }
      onDone();
    } catch (error) {
      setConfirmError(
        refusalText(error, 'The stock-take could not be confirmed. Please try again.'),
      );
    }
  };

  if (waiting.length > 0 && !countAgain) {
    return (
      <div className="space-y-4">
        <ul
          className="divide-y divide-border rounded-md border border-border"
          aria-label={`Counts of ${location.name} not sent`}
        >
          {waiting.map((entry) => (
            <li key={entry.key} className="space-y-1 px-3 py-2 text-sm" data-testid="pending-count">
              <div className="flex items-start justify-between gap-2">
                <span className="font-medium">{waitingCountText(entry)}</span>
                <DiscardRefusedWrite entry={entry} />
              </div>
              <PendingWriteState entry={entry} />
            </li>
          ))}
        </ul>
        <p className="text-sm text-muted-foreground">
          {waiting.some((entry) => entry.state === 'pending')
            ? 'It is on this device and goes to the server when the connection is back; the stock changes then. A new count is sent after it.'
            : 'The server refused it: discard it and count again, or count again anyway.'}
        </p>
        <div className="flex justify-end">
          <Button variant="outline" onClick={() => setCountAgain(true)}>
            Count again anyway
          </Button>
        </div>
      </div>
    );
  }
  if (materials.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading the materials...
      </p>
    );
  }
  if (materials.isError) {
    return (
      <ErrorLine>
        {serverMessage(materials.error) ?? 'The materials could not be loaded. Please try again.'}
      </ErrorLine>
    );
  }
  if (list.length === 0) {
    return <p className="text-sm text-muted-foreground">{location.name} has no materials.</p>;
  }

  return (
    <div className="space-y-4">
      <ScanToAdd onScan={onScan} />
      <div className="max-h-80 overflow-y-auto">
        <Table aria-label={`Count at ${location.name}`}>
          <THead>
            <TR>
              <TH>Material</TH>
              <TH className="text-right">Expected</TH>
              <TH className="w-28">Counted</TH>
            </TR>
          </THead>
          <TBody>
            {list.map((material) => {
              const text = counted[material.id] ?? '';
              const error = countedError(text);
              return (
                <TR key={material.id}>
                  <TD>
                    {material.name}
                    {material.itemNumber ? (
                      <span className="block text-xs text-muted-foreground">
                        {material.itemNumber}
                      </span>
                    ) : null}
                  </TD>
                  <TD className="text-right tabular-nums">{material.quantity}</TD>
                  <TD>
                    <Input
                      inputMode="numeric"
                      autoComplete="off"
                      aria-label={`Counted ${material.name}`}
                      aria-invalid={error !== null}
                      title={error ?? undefined}
                      value={text}
                      onChange={(event) => change(material.id, event.target.value)}
                      className="h-9 text-right"
                    />
                  </TD>
                </TR>
              );
            })}
          </TBody>
        </Table>
      </div>
      {faulty ? <ErrorLine>{STOCK_TAKE_MESSAGES.countedInvalid}, from 0.</ErrorLine> : null}

      {preview.isError ? (
        <ErrorLine>
          {refusalText(preview.error, 'The count could not be read. Please try again.')}
        </ErrorLine>
      ) : null}
      {result ? (
        <div className="space-y-3">
          <p className="text-sm" data-testid="stock-take-counts">
            {result.counts.changed} to change, {result.counts.unchanged} unchanged,{' '}
            {result.counts.notOnSheet} not counted, {result.counts.errors} with errors.
          </p>
          <StockTakePreviewTable rows={result.rows} />
        </div>
      ) : null}
      <ErrorLine>{confirmError}</ErrorLine>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          disabled={!canPreview}
          onClick={() => preview.mutate({ locationId: location.id, input })}
        >
          {preview.isPending ? 'Reading...' : 'Preview differences'}
        </Button>
        <Button disabled={!canConfirm} onClick={() => void onConfirm()}>
          {confirm.isPending ? 'Confirming...' : 'Confirm stock-take'}
        </Button>
      </div>
    </div>
  );
}
