import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';

const VARIANTS = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-300 disabled:text-slate-600',
  secondary: 'bg-white text-brand-800 border border-brand-700 hover:bg-brand-50 disabled:border-slate-300 disabled:text-slate-500',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-300',
} as const;
const SIZES = { md: 'h-11 px-4 text-base', sm: 'h-9 px-3 text-sm', lg: 'h-12 px-6 text-lg' } as const;

export type ButtonVariant = keyof typeof VARIANTS;

export function buttonClasses(variant: ButtonVariant = 'primary', size: keyof typeof SIZES = 'md', extra = ''): string {
  return `inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${SIZES[size]} ${extra}`;
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: keyof typeof SIZES };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, className = '', type = 'button', ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClasses(variant, size, className)} {...props} />;
});

/** A link that looks like a button: navigation stays a link for screen readers. */
export function ButtonLink({ variant, size, className = '', ...props }: LinkProps & { variant?: ButtonVariant; size?: keyof typeof SIZES }) {
  return <Link className={buttonClasses(variant, size, className)} {...props} />;
}
