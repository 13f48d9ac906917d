// autocannon ships no types: its default export, typed with ./autocannon-types.
declare module 'autocannon' {
  function autocannon(
    options: import('./autocannon-types').AutocannonOptions,
  ): Promise<import('./autocannon-types').AutocannonResult>;
  export = autocannon;
}
