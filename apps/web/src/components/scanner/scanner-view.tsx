import { useRef } from 'react';
import { useScanner } from './use-scanner';

/**
 * The camera's picture while it reads codes, or why it cannot (permission refused, no camera):
 * never a blank box.
 */
export function ScannerView({
  active,
  onCode,
}: {
  active: boolean;
  onCode: (text: string) => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const state = useScanner(videoRef, active, onCode);
  if (state.status === 'failed') {
    return (
      <p
        role="alert"
        className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
      >
        {state.message}
      </p>
    );
  }
  return (
    <div className="relative overflow-hidden rounded-md bg-black">
      {/* The camera's picture has no words to caption. */}
      <video
        ref={videoRef}
        className="aspect-[4/3] w-full object-cover"
        muted
        playsInline
        aria-label="Camera"
      />
      <p
        className="absolute inset-x-0 bottom-0 bg-black/60 px-3 py-1 text-center text-xs text-white"
        data-testid="scanner-status"
      >
        {state.status === 'starting' ? 'Starting the camera...' : 'Point the camera at a label'}
      </p>
    </div>
  );
}
