import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { buttonClasses, type ButtonVariant } from './button';

/**
 * A confirmation built on radix AlertDialog: a titled, described modal that traps focus and
 * returns it to the trigger. Controlled, so the caller decides when it opens (e.g. after a check).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Not now',
  confirmVariant = 'primary',
  pending = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  confirmVariant?: ButtonVariant;
  pending?: boolean;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 space-y-4 rounded-2xl bg-white p-5 shadow-xl">
          <AlertDialog.Title className="text-lg font-bold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-slate-700">{description}</AlertDialog.Description>
          {children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses('ghost', 'md')}>{cancelLabel}</AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that closes at once; this stays open while the call runs. */}
            <button type="button" className={buttonClasses(confirmVariant, 'md')} disabled={pending} onClick={onConfirm}>
              {pending ? 'Working...' : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
