import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldShell } from './field-shell';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: ReactNode; error?: string };

/** A labelled input; the hint and error are tied to it for screen readers. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, hint, error, id, className = '', ...props }, ref) {
  return (
    <FieldShell label={label} hint={hint} error={error} id={id}>
      {(control) => (
        <input
          ref={ref}
          {...control}
          className={`block h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 ${className}`}
          {...props}
        />
      )}
    </FieldShell>
  );
});
