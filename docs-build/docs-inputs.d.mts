// Types of docs-build/docs-inputs.mjs.
export declare const DOCS_PATH: string;
export declare const DOCS_OUTPUTS: string[];
export declare const OPTIONAL_PAGES: string[];
export declare const DOCS_INPUTS: string[];
export declare function isStale(outputs?: string | string[], inputs?: string[]): boolean;
