// The one fontkit call the PDF module makes (fontkit ships no types): parse a font file once, hand the object to pdfkit.
declare module 'fontkit' {
  /** A parsed font; pdfkit takes it wherever it takes a font's bytes. */
  export interface Font {
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
