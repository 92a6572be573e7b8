import { useSyncExternalStore } from 'react';

// The toast library (and the stylesheet it injects when it loads, which makes the browser restyle the
// whole page) is only needed once something is said: it loads with the first toast, and the app
// shell mounts its Toaster then (sonner shows toasts made before its Toaster mounted).
const loadToast = async () => (await import('sonner')).toast;

let toasterWanted = false;
const toasterListeners = new Set<() => void>();

function wantToaster(): void {
  if (toasterWanted) return;
  toasterWanted = true;
  for (const listener of toasterListeners) listener();
}

function onToasterWanted(listener: () => void): () => void {
  toasterListeners.add(listener);
  return () => toasterListeners.delete(listener);
}

/** True from the first toast on: until then the shell mounts no Toaster. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    onToasterWanted,
    () => toasterWanted,
    () => false,
  );
}

function show(kind: 'success' | 'error', title: string, description?: string, id?: string): void {
  wantToaster();
  void loadToast().then((toast) => toast[kind](title, { description, id }));
}

/** Spec 8 pairs a title with a description; these keep that shape in one place. */
export const notify = {
  success: (title: string, description?: string, id?: string) => show('success', title, description, id),
  /** `id` makes a repeated toast replace the previous one instead of stacking. */
  error: (title: string, description?: string, id?: string) => show('error', title, description, id),
};

export function messageOf(error: unknown): string | undefined {
  return error instanceof Error && error.message ? error.message : undefined;
}
