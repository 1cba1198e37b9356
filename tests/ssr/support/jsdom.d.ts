// jsdom ships no types and @types/jsdom is not installed; tests only parse HTML with it, and XML
// (contentType 'application/xml': its strict parser refuses a document that is not well-formed).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { readonly contentType?: string });
    readonly window: Window & typeof globalThis;
  }
}
