/** How the CLI prints a validation error: its message, then each field's problems. */
import type { AppError } from '../core/errors.ts';

/** The message of a validation error with its field details, for the terminal. */
export function describeError(err: AppError): string {
  const details = Object.entries(err.fields ?? {}).flatMap(([field, msgs]) =>
    msgs.map((m) => `  ${field}: ${m}`),
  );
  return [err.message, ...details.filter((d) => !d.endsWith(err.message))].join('\n');
}
