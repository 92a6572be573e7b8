import type { Role } from '../contract/constants';

/** Spec 2: where each role lands after sign-in (and where the landing page redirects it). */
export function homePathForRole(role: Role): string {
  switch (role) {
    case 'teen':
      return '/teen-dashboard';
    case 'homeowner':
      return '/homeowner-dashboard';
    case 'coordinator':
      return '/route-optimizer';
    case 'admin':
      return '/admin-dashboard';
  }
}

/** Up to two initials for the avatar: first and last word of the name. */
export function initialsOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

export function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}

/** Spec 2: only teens and homeowners get the bottom navigation. */
export function hasBottomNavigation(role: Role): boolean {
  return role === 'teen' || role === 'homeowner';
}

/** Design 5: the service runs only in the configured ZIP codes. */
export function isServedZip(zip: string, serviceZips: readonly string[]): boolean {
  return serviceZips.includes(zip.trim());
}
