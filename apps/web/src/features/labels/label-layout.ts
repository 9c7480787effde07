import {
  LABEL_FORMATS,
  type LabelFormat,
  type LocationLabel,
  MAX_LABEL_COPIES,
  type MaterialLabel,
} from '@stockyard/shared';

export type LabelContent =
  | { kind: 'material'; label: MaterialLabel }
  | { kind: 'location'; label: LocationLabel };

/** A label to print and how many of it. */
export type LabelRun = { content: LabelContent; copies: number };

/** One thing chosen in the address: its id and how many labels of it (`12:24`). */
export type Pick = { id: number; copies: number };

/** `12:24,13` -> 24 labels of 12 and one of 13; what is not an id is left out, copies within bounds. */
export function readPicks(raw: string | null): Pick[] {
  const picks: Pick[] = [];
  for (const part of (raw ?? '').split(',')) {
    const match = /^\s*([1-9][0-9]{0,9})(?::([0-9]{1,6}))?\s*$/.exec(part);
    if (!match) continue;
    const id = Number(match[1]);
    if (picks.some((pick) => pick.id === id)) continue;
    const copies = match[2] === undefined ? 1 : Number(match[2]);
    picks.push({ id, copies: Math.min(Math.max(copies, 0), MAX_LABEL_COPIES) });
  }
  return picks;
}

export function writePicks(picks: Pick[]): string {
  return picks
    .map((pick) => (pick.copies === 1 ? `${pick.id}` : `${pick.id}:${pick.copies}`))
    .join(',');
}

/** How many labels a page of the format holds. */
export const perPage = (format: LabelFormat) =>
  LABEL_FORMATS[format].columns * LABEL_FORMATS[format].rows;

/**
 * The pages of labels: each run's copies in turn, the first page of a sheet starting at `start`
 * (1 = top left, across then down) so that a sheet partly used is used up. null is a blank label.
 */
export function labelPages(
  runs: LabelRun[],
  format: LabelFormat,
  start = 1,
): (LabelContent | null)[][] {
  const size = perPage(format);
  const skipped = size > 1 ? Math.min(Math.max(Math.trunc(start), 1), size) - 1 : 0;
  const cells: (LabelContent | null)[] = Array.from({ length: skipped }, () => null);
  for (const run of runs) {
    for (let n = 0; n < run.copies; n += 1) cells.push(run.content);
  }
  if (cells.length === skipped) return [];
  const pages: (LabelContent | null)[][] = [];
  for (let at = 0; at < cells.length; at += size) pages.push(cells.slice(at, at + size));
  return pages;
}
