// autocannon ships no types; only what the benchmark uses, and the result is checked with zod.
declare module 'autocannon' {
  interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
  }
  function autocannon(options: AutocannonOptions): Promise<unknown>;
  export default autocannon;
}
