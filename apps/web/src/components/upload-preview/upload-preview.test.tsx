import type { ApiSuccess } from '@stockyard/shared';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { notifyToast } from '@/lib/toast';
import { UploadFileField, UploadPreview } from './upload-preview';
import { type Upload, useUploadPreview } from './use-upload-preview';

vi.mock('@/lib/toast', () => ({
  notifyToast: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

type Preview = { rows: string[]; errors: number };
type Params = { kind: string };

function Flow({
  preview,
  confirm,
  onCancel,
  onConfirmed,
}: {
  preview: (upload: Upload<Params>) => Promise<ApiSuccess<Preview>>;
  confirm: (upload: Upload<Params>) => Promise<ApiSuccess<null>>;
  onCancel?: () => void;
  onConfirmed?: () => void;
}) {
  const flow = useUploadPreview({
    params: { kind: 'stock' },
    preview: useMutation({ mutationFn: preview }),
    confirm: useMutation({ mutationFn: confirm }),
    errorsIn: (read) => read.errors,
    confirmedTitle: 'Import complete',
    confirmFailed: 'The file could not be imported.',
    faultsShown: 1,
    onConfirmed,
  });
  return (
    <>
      <UploadFileField id="upload-file" label="File" flow={flow} />
      <UploadPreview
        flow={flow}
        readingText="Reading the file..."
        unreadableText="The file could not be read."
        summary={(read) => `${read.rows.length} rows, ${read.errors} with errors.`}
        summaryTestId="upload-counts"
        errorsText={(errors) => `${errors} rows are in error.`}
        confirmLabel="Confirm import"
        confirmingLabel="Importing..."
        onCancel={onCancel}
      >
        {(read) => (
          <ul aria-label="Rows">
            {read.rows.map((row) => (
              <li key={row}>{row}</li>
            ))}
          </ul>
        )}
      </UploadPreview>
    </>
  );
}

function renderFlow(props: Parameters<typeof Flow>[0]) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Flow {...props} />
    </QueryClientProvider>,
  );
}

const answer = <T,>(data: T): ApiSuccess<T> => ({ success: true, message: 'Done.', data });
const sheet = new File(['a,b'], 'stock.csv', { type: 'text/csv' });
const choose = () =>
  fireEvent.change(screen.getByLabelText('File'), { target: { files: [sheet] } });
const confirmButton = () => screen.getByRole('button', { name: 'Confirm import' });

describe('the upload → preview → confirm flow', () => {
  it('reads the chosen file and shows its preview; rows in error are an alert and nothing can be confirmed', async () => {
    const preview = vi.fn(async () => answer({ rows: ['Row 2', 'Row 3'], errors: 1 }));
    renderFlow({ preview, confirm: vi.fn() });
    expect(confirmButton()).toHaveProperty('disabled', true);

    choose();
    expect(await screen.findByTestId('upload-counts')).toHaveProperty(
      'textContent',
      '2 rows, 1 with errors.',
    );
    expect(preview).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'stock', file: sheet }),
      expect.anything(),
    );
    expect(screen.getByRole('alert').textContent).toBe('1 rows are in error.');
    expect(screen.getByRole('list', { name: 'Rows' }).textContent).toBe('Row 2Row 3');
    expect(confirmButton()).toHaveProperty('disabled', true);
  });

  it('sends the same file once the preview is clean, says so and starts afresh', async () => {
    const confirm = vi.fn(async () => answer(null));
    const onConfirmed = vi.fn();
    renderFlow({
      preview: async () => answer({ rows: ['Row 2'], errors: 0 }),
      confirm,
      onConfirmed,
    });
    choose();
    await waitFor(() => expect(confirmButton()).toHaveProperty('disabled', false));
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(confirmButton());
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
    expect(confirm).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'stock', file: sheet }),
      expect.anything(),
    );
    expect(notifyToast.success).toHaveBeenCalledWith('Import complete', { description: 'Done.' });
    expect(screen.queryByTestId('upload-counts')).toBeNull();
    expect(confirmButton()).toHaveProperty('disabled', true);
  });

  it("shows the server's refusal of a confirmation with the first of its faults", async () => {
    const refusal = new ApiError('The records changed.', 409, [
      { path: 'B2', message: 'Unknown location' },
      { path: 'B3', message: 'Unknown location' },
    ]);
    renderFlow({
      preview: async () => answer({ rows: ['Row 2'], errors: 0 }),
      confirm: async () => {
        throw refusal;
      },
    });
    choose();
    await waitFor(() => expect(confirmButton()).toHaveProperty('disabled', false));
    fireEvent.click(confirmButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The records changed. B2: Unknown location',
    );
    // The preview stays, to be confirmed again.
    expect(screen.getByTestId('upload-counts')).toBeTruthy();
  });

  it('says why a file could not be read, in the words given when the server says nothing', async () => {
    renderFlow({
      preview: async () => {
        throw new Error('network');
      },
      confirm: vi.fn(),
    });
    choose();
    expect((await screen.findByRole('alert')).textContent).toBe('The file could not be read.');
    expect(confirmButton()).toHaveProperty('disabled', true);
  });

  it('offers Cancel before Confirm only where the flow can be left', () => {
    const onCancel = vi.fn();
    renderFlow({ preview: vi.fn(), confirm: vi.fn(), onCancel });
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual(['Cancel', 'Confirm import']);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    cleanup();

    renderFlow({ preview: vi.fn(), confirm: vi.fn() });
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Confirm import',
    ]);
  });
});
