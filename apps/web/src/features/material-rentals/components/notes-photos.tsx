import { MOVEMENT_NOTE_MESSAGES, type ReturnPhotoDto } from '@stockyard/shared';
import { Camera } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorLine } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { sessionStore } from '@/lib/session';
import { notifyToast } from '@/lib/toast';
import { useAddReturnPhoto } from '../api/movement-notes';

/** The longest side of a photo once resized on the device, and its JPEG quality. */
const LONGEST_SIDE = 1600;
const QUALITY = 0.8;

/** A photo from the camera, resized on the device (longest side ≤ 1600 px, JPEG 0.8). */
async function resized(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file).catch(() => null);
  if (!bitmap) return file; // not an image the browser reads: the server says why it refuses it
  const scale = Math.min(1, LONGEST_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', QUALITY),
  );
  if (!blob) return file;
  const name = `${file.name.replace(/\.[^.]+$/, '') || 'photo'}.jpg`;
  return new File([blob], name, { type: 'image/jpeg' });
}

/** One photo, fetched with the session (the API takes no cookie) and shown small. */
function Thumbnail({ returnId, photo }: { returnId: number; photo: ReturnPhotoDto }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let made: string | null = null;
    const token = sessionStore.token();
    fetch(`/api/material-rentals/returns/${returnId}/photos/${photo.id}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
      .then((response) => (response.ok ? response.blob() : Promise.reject()))
      .then((blob) => {
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => setFailed(true));
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [returnId, photo.id]);
  if (failed) return <span className="text-xs text-destructive">{photo.fileName}: not loaded</span>;
  if (!url) return <span className="h-16 w-16 animate-pulse rounded bg-muted" aria-hidden />;
  return (
    <a href={url} target="_blank" rel="noreferrer" title={photo.fileName}>
      <img src={url} alt={photo.fileName} className="h-16 w-16 rounded border object-cover" />
    </a>
  );
}

/** A return's photos, small, as the return history lists them (nothing when it has none). */
export function ReturnPhotos({ returnId, photos }: { returnId: number; photos: ReturnPhotoDto[] }) {
  if (photos.length === 0) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-1">
      {photos.map((photo) => (
        <Thumbnail key={photo.id} returnId={returnId} photo={photo} />
      ))}
    </span>
  );
}

/** A return's photos (thumbnails) and, while its note is not signed, Add photo. */
export function NotesPhotos({
  returnId,
  photos,
  canAdd,
}: {
  returnId: number;
  photos: ReturnPhotoDto[];
  canAdd: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const add = useAddReturnPhoto();
  const [error, setError] = useState<string | null>(null);
  const onChosen = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    try {
      await add.mutateAsync({ returnId, file: await resized(file) });
      notifyToast.success(MOVEMENT_NOTE_MESSAGES.photoAdded);
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : 'The photo could not be added');
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {photos.length === 0 ? (
          <span className="text-xs text-muted-foreground">No photos</span>
        ) : null}
        {photos.map((photo) => (
          <Thumbnail key={photo.id} returnId={returnId} photo={photo} />
        ))}
      </div>
      {canAdd ? (
        <>
          <input
            ref={input}
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            aria-label={`Add photo to return ${returnId}`}
            data-testid={`add-photo-${returnId}`}
            onChange={(event) => void onChosen(event.target.files?.[0])}
          />
          <Button
            variant="outline"
            size="sm"
            disabled={add.isPending}
            onClick={() => input.current?.click()}
          >
            <Camera className="h-4 w-4" aria-hidden />
            {add.isPending ? 'Adding photo...' : 'Add photo'}
          </Button>
        </>
      ) : null}
      <ErrorLine>{error}</ErrorLine>
    </div>
  );
}
