// A tool's refusal of its input (mcp/README.md, "Errors"): the message names the field to correct, and the host shows
// it as the tool's error result, never a stack trace.

export class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
  constructor(
    readonly field: string,
    why: string,
  ) {
    super(`${field}: ${why}`);
  }
}
