import { Leaf } from 'lucide-react';

export function Brand({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1.5 font-extrabold tracking-tight text-brand-800 ${className}`}>
      <Leaf aria-hidden="true" className="h-5 w-5" />
      Yardly
    </span>
  );
}
