import { get, type FieldErrors, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { ApiError } from './api';

/**
 * The form's field a refused input belongs to: the server names inputs by their path in the body
 * ('title', 'equipment.0'), and an item of a list is shown on the list's own field. Null when the
 * form has no such field (an input it never sends, such as a token or `consentTextVersion`).
 */
function formFieldOf<T extends FieldValues>(path: string, values: T): FieldPath<T> | null {
  const segments = path.split('.').filter(Boolean);
  while (segments.length > 0 && /^\d+$/.test(segments[segments.length - 1]!)) segments.pop();
  const field = segments.join('.');
  return field !== '' && get(values, field) !== undefined ? (field as FieldPath<T>) : null;
}

/**
 * The one way a refused request reaches a form: each input the server refused (ErrorBody `fields`,
 * in the order its checks ran) is shown under its field, and the person is taken to the first of
 * them (on a phone the submit button sits far below it). Returns whether any landed, so the caller
 * can say the server's message some other way when none did.
 */
export function applyServerError<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>, error: unknown): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  const values = form.getValues();
  const landed = new Set<string>();
  for (const [path, message] of Object.entries(error.fields)) {
    const field = formFieldOf(path, values);
    // The first message for a field is the first check it failed ('equipment.0' before 'equipment.3').
    if (!field || landed.has(field)) continue;
    form.setError(field, { type: 'server', message }, { shouldFocus: landed.size === 0 });
    landed.add(field);
  }
  return landed.size > 0;
}

/** The message of the first field in error, in the order the fields are named (the spec's order of checks). */
export function firstErrorMessage<T extends FieldValues>(errors: FieldErrors<T>, order: readonly FieldPath<T>[]): string | undefined {
  for (const field of order) {
    const message = (get(errors, field) as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') return message;
  }
  return undefined;
}
