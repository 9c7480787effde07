import { useEffect, useRef, useState } from 'react';
import { createScanGate } from '@/lib/scan-rules';

/**
 * The camera and the decoder: the browser's BarcodeDetector where there is one,
 * @zxing/library on the video's frames elsewhere (Chromium on Linux, Firefox, Safari before 17).
 * Each code passes the scan gate, so that a label held in view is read once.
 */

export type ScannerState =
  | { status: 'starting' }
  | { status: 'scanning' }
  | { status: 'failed'; message: string };

export const CAMERA_MESSAGES = {
  refused:
    'Camera permission was refused. Allow the camera for this site in the browser settings, then try again.',
  none: 'No camera was found on this device.',
  busy: 'The camera is in use by another app. Close it and try again.',
  unsupported: 'This browser cannot open the camera here: Stockyard needs to be opened over HTTPS.',
  failed: 'The camera could not be started. Please try again.',
} as const;

/** A getUserMedia refusal, in words a person can act on. */
export function cameraMessage(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return CAMERA_MESSAGES.refused;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return CAMERA_MESSAGES.none;
  if (name === 'NotReadableError' || name === 'AbortError') return CAMERA_MESSAGES.busy;
  return CAMERA_MESSAGES.failed;
}

type Decode = (video: HTMLVideoElement) => Promise<string | null>;

type DetectorLike = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorClass = {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
};

/** The browser's own detector, when it reads QR codes. */
async function nativeDecoder(): Promise<Decode | null> {
  const Detector = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
  if (!formats.includes('qr_code')) return null;
  const detector = new Detector({ formats: ['qr_code'] });
  return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
}

/** zxing's QR reader on a canvas copy of the frame; loaded only when a scanner opens. */
async function zxingDecoder(): Promise<Decode> {
  const zxing = await import('@zxing/library');
  const reader = new zxing.QRCodeReader();
  const hints = new Map([[zxing.DecodeHintType.TRY_HARDER, true]]);
  const canvas = document.createElement('canvas');
  return async (video) => {
    if (video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d', { willReadFrequently: true })?.drawImage(video, 0, 0);
    const bitmap = new zxing.BinaryBitmap(
      new zxing.HybridBinarizer(new zxing.HTMLCanvasElementLuminanceSource(canvas)),
    );
    try {
      return reader.decode(bitmap, hints).getText();
    } catch {
      // No code in this frame (NotFound, Checksum, Format): the next frame is tried.
      return null;
    } finally {
      reader.reset();
    }
  };
}

const FRAME_MS = 120;

/**
 * Opens the back camera into `videoRef` while `active`, and calls `onCode` with each code read
 * (once per label in view). The camera is stopped when inactive or unmounted.
 */
export function useScanner(
  videoRef: React.RefObject<HTMLVideoElement | null>,
  active: boolean,
  onCode: (text: string) => void,
): ScannerState {
  const [state, setState] = useState<ScannerState>({ status: 'starting' });
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gate = createScanGate();
    setState({ status: 'starting' });

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState({ status: 'failed', message: CAMERA_MESSAGES.unsupported });
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (error) {
        if (!stopped) setState({ status: 'failed', message: cameraMessage(error) });
        return;
      }
      if (stopped) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      const video = videoRef.current;
      if (!video) return;
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      const decode = (await nativeDecoder().catch(() => null)) ?? (await zxingDecoder());
      if (stopped) return;
      setState({ status: 'scanning' });
      const tick = async () => {
        if (stopped) return;
        const text = await decode(video).catch(() => null);
        // Every frame goes through the gate, a frame without a code too: it tells a label left.
        if (!stopped && gate(text || null, performance.now()) && text) onCodeRef.current(text);
        if (!stopped) timer = setTimeout(() => void tick(), FRAME_MS);
      };
      void tick();
    };
    void start();

    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (videoRef.current) videoRef.current.srcObject = null;
    };
  }, [active, videoRef]);

  return state;
}

let audio: AudioContext | null = null;

/** A short beep and a buzz on each read; a lower, longer one when the read adds nothing. */
export function scanFeedback(ok: boolean) {
  navigator.vibrate?.(ok ? 60 : [80, 60, 80]);
  try {
    audio ??= new AudioContext();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = ok ? 1320 : 330;
    gain.gain.value = 0.08;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + (ok ? 0.08 : 0.25));
  } catch {
    // No audio output (a muted kiosk): the vibration and the message remain.
  }
}
