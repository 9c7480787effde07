// fontkit (pdfkit's font engine) ships no types: the one call the PDFs make of it.
declare module 'fontkit' {
  export function openSync(path: string): {
    hasGlyphForCodePoint(codePoint: number): boolean;
  };
}
