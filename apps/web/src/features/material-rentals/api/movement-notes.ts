import type {
  ApiSuccess,
  CorrectNoteInput,
  MovementNoteDto,
  ReturnPhotoDto,
  SignNoteInput,
} from '@stockyard/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadFile } from '@/lib/api-client';
import { rentalKeys } from './get-rentals';

/** Under the rentals' key: the notes' tables notify as 'rentals', whose notice reads them again. */
const noteKeys = {
  ofRental: (rentalId: number) => [...rentalKeys.all, 'notes', rentalId] as const,
};

const rentalNotesQuery = (rentalId: number) =>
  queryOptions({
    queryKey: noteKeys.ofRental(rentalId),
    queryFn: () =>
      api
        .get<ApiSuccess<MovementNoteDto[]>>('/movement-notes', {
          query: { rentalId },
          silent: true,
        })
        .then((answer) => answer.data),
  });

/** A rental's delivery and return notes, oldest first; idle until a rental is chosen. */
export function useRentalNotes(rentalId: number | null) {
  return useQuery({ ...rentalNotesQuery(rentalId ?? 0), enabled: rentalId !== null, retry: false });
}

export const downloadNotePdf = (note: Pick<MovementNoteDto, 'id' | 'number'>) =>
  downloadFile(`/movement-notes/${note.id}/pdf`, `${note.number}.pdf`);

function useNoteWrite<V, T>(write: (vars: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rentalKeys.all }),
  });
}

export const useSignNote = () =>
  useNoteWrite(({ id, input }: { id: number; input: SignNoteInput }) =>
    api.post<ApiSuccess<MovementNoteDto>>(`/movement-notes/${id}/sign`, input, { silent: true }),
  );

export const useCorrectNote = () =>
  useNoteWrite(({ id, input }: { id: number; input: CorrectNoteInput }) =>
    api.post<ApiSuccess<MovementNoteDto>>(`/movement-notes/${id}/correct`, input),
  );

export const useEmailNote = () =>
  useNoteWrite(({ id, to }: { id: number; to: string[] }) =>
    api.post<ApiSuccess<{ queued: number }>>(
      `/movement-notes/${id}/email`,
      { to },
      { silent: true },
    ),
  );

export const useAddReturnPhoto = () =>
  useNoteWrite(({ returnId, file }: { returnId: number; file: File }) =>
    api.upload<ApiSuccess<ReturnPhotoDto>>(`/material-rentals/returns/${returnId}/photos`, file, {
      silent: true,
    }),
  );
