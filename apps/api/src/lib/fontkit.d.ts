// fontkit (pdfkit's font engine) ships no types: what the PDFs use of it.
declare module 'fontkit' {
  /** A parsed font: pdfkit lays text out with it and subsets it into each document. */
  export type Font = {
    postscriptName: string;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string): unknown;
  };
  export function create(bytes: Buffer): Font;
}
