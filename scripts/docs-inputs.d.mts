// Types of scripts/docs-inputs.mjs.
export declare const DOCS_PATH: string;
export declare const OPTIONAL_PAGES: string[];
export declare const DOCS_INPUTS: string[];
export declare function isStale(outFile?: string, inputs?: string[]): boolean;
