// Defaults of the generated cases (docs/generated-cases.md): the seed and the budget per operation.

/** A fixed seed: without `--seed`, every run sends the same requests (only the run marker and the ids differ). */
export const DEFAULT_SEED = 1;

/**
 * Valid and broken requests per operation: 24 operations × 2 × 5 keeps the area to a few seconds on the sandbox, and
 * with the default seed each fault of conformance/faults/cases.ts is met at least twice (as often as with 8).
 */
export const DEFAULT_MAX_EXAMPLES = 5;
