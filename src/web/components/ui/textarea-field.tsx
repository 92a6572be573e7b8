import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { FieldShell } from './field-shell';

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; hint?: ReactNode; error?: string };

/** A labelled multi-line input; the hint and error are tied to it for screen readers. */
export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(function TextareaField(
  { label, hint, error, id, className = '', rows = 4, ...props },
  ref,
) {
  return (
    <FieldShell label={label} hint={hint} error={error} id={id}>
      {(control) => (
        <textarea
          ref={ref}
          {...control}
          rows={rows}
          className={`block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 ${className}`}
          {...props}
        />
      )}
    </FieldShell>
  );
});
