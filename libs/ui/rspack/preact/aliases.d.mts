// Types of aliases.mjs, for the TypeScript Vitest configs that import it.
export declare const preactReact: string;
export declare const preactReactDom: string;
export declare const preactReactDomClient: string;
export declare const reactAliases: [string, string][];
export declare function vitestPreact(): {
  resolve: {
    alias: { find: RegExp; replacement: string }[];
    conditions: string[];
    mainFields: string[];
    dedupe: string[];
  };
  server: { deps: { inline: RegExp[] } };
};
