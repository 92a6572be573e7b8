import { forwardRef, type InputHTMLAttributes } from 'react';
import { Field } from './ui/field';

/** Design 5: sign-up, Post a Job and Edit Profile ask for a ZIP code in the service area. */
export const ZipCodeField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { error?: string; label?: string }>(function ZipCodeField(props, ref) {
  return <Field ref={ref} label="ZIP code" inputMode="numeric" autoComplete="postal-code" maxLength={5} hint="Yardly runs in select ZIP codes." {...props} />;
});
