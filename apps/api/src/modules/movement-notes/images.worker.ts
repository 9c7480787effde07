import { ImageRefused, reencodePhoto } from '../../lib/images';
import { serveTasks } from '../../lib/worker-pool';
import { pngHasInk } from './signature-png';

/**
 * The notes' images, decoded on a worker thread (lib/worker-pool.ts): a return's photo decoded and
 * encoded again, and whether a signature's PNG shows anything.
 */

export type ImageTask =
  | { kind: 'photo'; bytes: Uint8Array }
  | { kind: 'signature'; bytes: Uint8Array };
export type ImageAnswer =
  | { kind: 'photo'; bytes: Uint8Array; width: number; height: number }
  | { kind: 'signature'; ink: boolean | null }
  | { kind: 'refused'; reason: ImageRefused['reason'] };

function run(task: ImageTask): ImageAnswer {
  if (task.kind === 'signature') {
    try {
      return { kind: 'signature', ink: pngHasInk(task.bytes) };
    } catch {
      return { kind: 'signature', ink: null };
    }
  }
  try {
    return { kind: 'photo', ...reencodePhoto(task.bytes) };
  } catch (error) {
    // Whatever the decoders throw on a file that is not what it says is a refusal, never a 500.
    return { kind: 'refused', reason: error instanceof ImageRefused ? error.reason : 'unreadable' };
  }
}

serveTasks(run);
