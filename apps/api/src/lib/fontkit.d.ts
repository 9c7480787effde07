// fontkit (pdfkit's font engine) ships no types: what the PDFs use of it.
declare module 'fontkit' {
  /** A parsed font: pdfkit lays text out with it and subsets it into each document. */
  export type Font = {
    postscriptName: string;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string): unknown;
    /** fontkit 2's cache of glyph objects by id (each with the code points it was made for). */
    _glyphs: Record<number, unknown>;
    /** fontkit 2's layout engine of the font (made on first use, then kept). */
    readonly _layoutEngine: object;
  };
  export function create(bytes: Buffer): Font;
}
