import {
  type LabelTarget,
  locationLabelPath,
  materialLabelPath,
  readLabelAddress,
} from '@stockyard/shared';

/**
 * What a scan means (decision 040): which label was read, whether it is a new read or
 * the same label still in view, and what it adds to a list being counted.
 */

/** A label has left the view once it has not been read for this long... */
export const SCAN_REPEAT_MS = 1500;
/** ...and in this many frames read one after another, however slowly they come. */
export const SCAN_LEAVE_FRAMES = 4;

/**
 * A gate that lets a code through once while it stays in view. It is
 * told of every frame read, with the code found or null: a code counts when it is not in view,
 * and stays in view until it has been missing from SCAN_LEAVE_FRAMES frames in a row and for
 * SCAN_REPEAT_MS. A label held still counts once however slowly the camera reads (a slow camera
 * reads fewer frames, not more labels), and the same label again after it has left the view, or
 * another label, counts at once.
 */
export function createScanGate(leaveMs = SCAN_REPEAT_MS, leaveFrames = SCAN_LEAVE_FRAMES) {
  const inView = new Map<string, { at: number; misses: number }>();
  return (code: string | null, now: number): boolean => {
    for (const [seen, sighting] of inView) {
      if (seen === code) continue;
      sighting.misses += 1;
      if (sighting.misses >= leaveFrames && now - sighting.at >= leaveMs) inView.delete(seen);
    }
    if (code === null) return false;
    const inViewAlready = inView.has(code);
    inView.set(code, { at: now, misses: 0 });
    return !inViewAlready;
  };
}

/** A label's address read from a QR code's text, whatever the origin it names; null otherwise. */
export function readScan(text: string): LabelTarget | null {
  return readLabelAddress(text);
}

/** Where in the app a label opens: /m/<code> or /l/<id>. */
export function scanPath(target: LabelTarget): string {
  return target.kind === 'material' ? materialLabelPath(target.code) : locationLabelPath(target.id);
}

/** What a material label names: a catalogue type, by its item number or, without one, its id. */
export type ScannableMaterial = { materialTypeId: number; itemNumber: string | null };

/** The first of `materials` a material label's code names: by item number first, then by type id. */
export function findScanned<T extends ScannableMaterial>(
  code: string,
  materials: readonly T[],
): T | undefined {
  const wanted = code.trim().toLowerCase();
  const byItemNumber = materials.find(
    (material) => material.itemNumber?.trim().toLowerCase() === wanted,
  );
  if (byItemNumber) return byItemNumber;
  if (!/^[1-9][0-9]{0,9}$/.test(wanted)) return undefined;
  return materials.find((material) => material.materialTypeId === Number(wanted));
}

/** A counted line: what it counts, and how many. */
export type Tally = ReadonlyMap<number, number>;

/** The tally with one more of `id`: a new line of 1, or one added to its line. */
export function addOrIncrement(tally: Tally, id: number, by = 1): Map<number, number> {
  const next = new Map(tally);
  next.set(id, (next.get(id) ?? 0) + by);
  return next;
}

/** What a scan did, as the screen says it; `ok` false adds nothing (an error sound, no count). */
export type ScanOutcome = { ok: boolean; message: string };

/** A rental's item as a return's scan matches it. */
export type ReturnableItem = ScannableMaterial & { id: number; materialName: string };

/**
 * A scan inside a return: the rental's item the label names, or the refusal to say. `name` names a
 * material that is not on the rental (the catalogue's name for the code), when it is known.
 */
export function scanIntoReturn<T extends ReturnableItem>(
  text: string,
  items: readonly T[],
  nameOf: (code: string) => string | undefined,
): { item: T } | { refusal: string } {
  const target = readScan(text);
  if (target?.kind !== 'material') return { refusal: NOT_A_MATERIAL_LABEL };
  const item = findScanned(target.code, items);
  if (item) return { item };
  return { refusal: notOnRental(nameOf(target.code) ?? `Label ${target.code}`) };
}

export const NOT_A_MATERIAL_LABEL = 'This is not a Stockyard material label.';
export const notOnRental = (name: string) => `${name} is not on this rental`;
