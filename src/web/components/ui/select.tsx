import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import { FieldShell } from './field-shell';

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; hint?: ReactNode; error?: string };

/** A labelled native select: the phone's own picker, with the hint and error tied to it. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, hint, error, id, className = '', children, ...props },
  ref,
) {
  return (
    <FieldShell label={label} hint={hint} error={error} id={id}>
      {(control) => (
        <select
          ref={ref}
          {...control}
          className={`block h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 ${className}`}
          {...props}
        >
          {children}
        </select>
      )}
    </FieldShell>
  );
});
