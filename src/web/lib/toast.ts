import { toast } from 'sonner';

/** Spec 8 pairs a title with a description; these keep that shape in one place. */
export const notify = {
  success: (title: string, description?: string, id?: string) => toast.success(title, { description, id }),
  /** `id` makes a repeated toast replace the previous one instead of stacking. */
  error: (title: string, description?: string, id?: string) => toast.error(title, { description, id }),
};

export function messageOf(error: unknown): string | undefined {
  return error instanceof Error && error.message ? error.message : undefined;
}
