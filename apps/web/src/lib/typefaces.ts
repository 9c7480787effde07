import { useEffect } from 'react';

/** A typeface the pages draw text in: Tailwind's family, size (in px) and weight. */
type Typeface = readonly [family: 'sans' | 'mono', px: number, weight: 400 | 500 | 600 | 700];

/**
 * The signed-in pages' typefaces: Tailwind's text-xs (12 px) to text-2xl (24 px) in the weights
 * they use them in (font-medium 500, font-semibold 600, font-bold 700) and the codes' monospace.
 * The first time the browser lays out text in one, it opens the font at that size and weight and
 * readies it for shaping: 1 to 10 ms each at 1x here, four times that on Lighthouse's phone. A
 * list's rows brought several at once (the name's weight, the codes' monospace, the folded details'
 * small text, the badges), and the task that laid them out was one of a page's longest.
 */
const TYPEFACES: readonly Typeface[] = [
  ['sans', 12, 400],
  ['sans', 12, 500],
  ['sans', 12, 600],
  ['sans', 14, 400],
  ['sans', 14, 500],
  ['sans', 14, 600],
  ['sans', 16, 400],
  ['sans', 16, 600],
  ['sans', 18, 600],
  ['sans', 20, 600],
  ['sans', 24, 600],
  ['sans', 24, 700],
];

/**
 * The codes' monospace (a material's, an invoice's, a location's code), which only some lists show:
 * opening its font took 14 to 22 ms at 1x in Lighthouse's traces, a task that blocked on every page
 * when it was readied with the others (decision 074); most of it was matching Tailwind's eight
 * names, now two (decision 075). `useCodeTypefaces` readies it where it is shown.
 */
const CODE_TYPEFACES: readonly Typeface[] = [
  ['mono', 12, 400],
  ['mono', 14, 400],
];

/**
 * Readies each of the pages' typefaces, one per task, by measuring a word in it on a canvas that is
 * never shown: the browser keeps the fonts it opens for the page's text too. Called once the frame
 * has painted, while the page's code and data are on their way, so that the work is done in small
 * tasks rather than inside the one that puts the page's rows in. A canvas, not an element: reading
 * an element's width would lay out the whole page there and then. The families are the
 * stylesheet's (`--font-sans`, `--font-mono`). Where there is no canvas (jsdom), nothing is done.
 */
export function prepareTypefaces(typefaces: readonly Typeface[] = TYPEFACES): Promise<void> {
  if (typeof OffscreenCanvas === 'undefined') return Promise.resolve();
  const canvas = new OffscreenCanvas(1, 1).getContext('2d');
  if (!canvas) return Promise.resolve();
  return new Promise((resolve) => {
    let families: Record<Typeface[0], string> | undefined;
    let next = 0;
    const step = () => {
      const typeface = typefaces[next++];
      if (typeface === undefined) {
        resolve();
        return;
      }
      if (!families) {
        const root = getComputedStyle(document.documentElement);
        families = {
          sans: root.getPropertyValue('--font-sans').trim() || 'sans-serif',
          mono: root.getPropertyValue('--font-mono').trim() || 'monospace',
        };
      }
      const [family, px, weight] = typeface;
      canvas.font = `${weight} ${px}px ${families[family]}`;
      canvas.measureText('Ag 0');
      setTimeout(step, 0);
    };
    setTimeout(step, 0);
  });
}

let codesReadied = false;

/**
 * Readies the codes' monospace the first time a list that shows codes mounts, before its rows come:
 * its outline is drawn while the list is asked for, and the font then opens in a task of its own
 * rather than in the one that lays the rows out.
 */
export function useCodeTypefaces(): void {
  useEffect(() => {
    if (codesReadied) return;
    codesReadied = true;
    void prepareTypefaces(CODE_TYPEFACES);
  }, []);
}
