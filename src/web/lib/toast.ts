// The toast library (and the stylesheet it injects when it loads) is only needed once something is
// said: it loads with the first toast, or after hydration with the app shell's Toaster, never on a
// screen's first load.
const loadToast = async () => (await import('sonner')).toast;

/** Spec 8 pairs a title with a description; these keep that shape in one place. */
export const notify = {
  success: (title: string, description?: string, id?: string) => void loadToast().then((toast) => toast.success(title, { description, id })),
  /** `id` makes a repeated toast replace the previous one instead of stacking. */
  error: (title: string, description?: string, id?: string) => void loadToast().then((toast) => toast.error(title, { description, id })),
};

export function messageOf(error: unknown): string | undefined {
  return error instanceof Error && error.message ? error.message : undefined;
}
