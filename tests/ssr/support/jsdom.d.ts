// jsdom ships no types and @types/jsdom is not installed; these tests only parse HTML with it.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
