import type * as fontkit from 'fontkit';
import { LRUCache } from 'lru-cache';

/**
 * Text shaping (fontkit's layout: character map, contextual forms, kerning, mark positioning) kept
 * between the PDFs a thread draws, as numbers only. Shaping a word was about 40% of a 100-line
 * delivery note's CPU, and pdfkit keeps what it shaped for one document only (its per-font word
 * cache), so every note shaped every word of every line again.
 *
 * What is kept for a font file and a word (pdfkit shapes text a word at a time, a space ending a
 * word): the glyph ids, the code points each glyph stands for, and each glyph's advance and offset
 * in font units (shaping does not depend on the size). Never fontkit's glyph objects: pdfkit
 * writes a glyph object's code points into a document's text map (ToUnicode), and a glyph object
 * shared between documents once carried the wrong ones from one document into the next (see
 * documentFont in pdf-document.ts). Each document makes its own glyph objects from these numbers,
 * in its own font, the first time it uses a glyph, as its own layout would have.
 *
 * A word is shaped, when it is first met, in a font object of its own with no glyph objects yet:
 * the code points kept are the ones shaping gives that word, never ones a glyph object took from
 * another text.
 */

/**
 * At most this many words are kept a thread, the least recently used going first: about 1 KB a
 * word with its key (measured for words of 9 letters), so at most about 5 MB a thread. Ten 100-line
 * notes of the bench's catalogue (each line's name and item number its own) are about 2,500 words.
 * Were every word new at every document, a note would cost what it did before these were kept.
 */
export const SHAPED_WORDS_LIMIT = 5000;
/** A longer run of text (no space in it) is shaped each time, not kept. */
const LONGEST_KEPT = 64;

/**
 * One word as shaped, glyph after glyph: its id, x advance, y advance, x offset, y offset (font
 * units), the number of code points it stands for, and those code points: integers (as shaping
 * gives them in a font without variations) in an Int32Array, anything else in a Float64Array.
 */
type Shaped = Int32Array | Float64Array;

/** What this uses of fontkit 2's internals beyond lib/fontkit.d.ts (all read, nothing changed). */
type Glyph = { id: number; codePoints: number[]; advanceWidth: number };
type Position = { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number };
type Run = { glyphs: Glyph[]; positions: Position[] };
type ShapingFont = Omit<fontkit.Font, '_glyphs' | 'layout'> & {
  _glyphs: Record<number, Glyph | undefined>;
  getGlyph(id: number, codePoints?: number[]): Glyph;
  layout(text: string, ...rest: unknown[]): Run;
};

const shapedWords = new LRUCache<string, Shaped>({ max: SHAPED_WORDS_LIMIT });

/** How many shaped words this thread keeps (for tests: never more than SHAPED_WORDS_LIMIT). */
export const shapedWordCount = () => shapedWords.size;

/** The result of a layout as pdfkit reads it: glyphs, positions, and their total advance. */
class ShapedRun implements Run {
  constructor(
    readonly glyphs: Glyph[],
    readonly positions: Position[],
  ) {}
  /** As fontkit's GlyphRun: the positions' advances summed (pdfkit scales them first). */
  get advanceWidth() {
    let width = 0;
    for (const position of this.positions) width += position.xAdvance;
    return width;
  }
}

type FileShaper = {
  key: string;
  /** A font over the shared one whose glyph objects are emptied before each word it shapes. */
  scratch: ShapingFont;
};
const shapers = new Map<string, FileShaper>();

/**
 * A font that reads `shared`'s tables through its prototype, with glyph objects and a layout engine
 * of its own (fontkit 2's `_glyphs` and `_layoutEngine`): a document's font, or a shaper's.
 */
export function fontOver(shared: fontkit.Font): fontkit.Font {
  const own: fontkit.Font = Object.create(shared);
  own._glyphs = {};
  const LayoutEngine = shared._layoutEngine.constructor as new (font: fontkit.Font) => object;
  Object.defineProperty(own, '_layoutEngine', { value: new LayoutEngine(own) });
  return own;
}

function shaperOf(file: string, shared: fontkit.Font): FileShaper {
  let shaper = shapers.get(file);
  if (!shaper) {
    const scratch = fontOver(shared) as unknown as ShapingFont;
    shaper = { key: `${shapers.size}\u0000`, scratch };
    shapers.set(file, shaper);
  }
  return shaper;
}

function shape(shaper: FileShaper, text: string): Shaped {
  const font = shaper.scratch;
  font._glyphs = {};
  const run = font.layout(text);
  const numbers: number[] = [];
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index]!;
    numbers.push(
      glyph.id,
      position.xAdvance,
      position.yAdvance,
      position.xOffset,
      position.yOffset,
      glyph.codePoints.length,
      ...glyph.codePoints,
    );
  });
  return numbers.every(Number.isInteger) ? Int32Array.from(numbers) : Float64Array.from(numbers);
}

/**
 * A layout for a document's font (`own`, over the shared parsed font of `file`): a word already
 * shaped in this thread is not shaped again, its glyphs are made in `own`. Anything but plain text
 * without features (pdfkit passes features only when a text asks for them) is laid out as before.
 */
export function cachedLayout(file: string, shared: fontkit.Font, own: fontkit.Font) {
  const shaper = shaperOf(file, shared);
  const font = own as ShapingFont;
  const layout = Object.getPrototypeOf(shared).layout as ShapingFont['layout'];
  return (text: string, ...rest: unknown[]): Run => {
    if (typeof text !== 'string' || text.length > LONGEST_KEPT || rest.some((arg) => arg != null))
      return layout.call(font, text, ...rest);
    const key = shaper.key + text;
    let shaped = shapedWords.get(key);
    if (!shaped) {
      shaped = shape(shaper, text);
      shapedWords.set(key, shaped);
    }
    const glyphs: Glyph[] = [];
    const positions: Position[] = [];
    for (let at = 0; at < shaped.length; ) {
      const id = shaped[at]!;
      positions.push({
        xAdvance: shaped[at + 1]!,
        yAdvance: shaped[at + 2]!,
        xOffset: shaped[at + 3]!,
        yOffset: shaped[at + 4]!,
      });
      const codePoints = shaped[at + 5]!;
      glyphs.push(
        font._glyphs[id] ??
          font.getGlyph(id, Array.from(shaped.subarray(at + 6, at + 6 + codePoints))),
      );
      at += 6 + codePoints;
    }
    return new ShapedRun(glyphs, positions);
  };
}
