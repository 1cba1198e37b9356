/** Why an import could not run at all; its message is for the person at the terminal and ends the command with 1. */
export class ImportError extends Error {
  override readonly name = 'ImportError';
}
