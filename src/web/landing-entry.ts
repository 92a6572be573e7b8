/**
 * The landing page is served as prerendered HTML (docs/decisions/001): this is all the script it
 * loads. A signed-in visitor is sent to their home, as the SPA's landing route would do.
 */
import type { Role } from '../contract/constants';
import { homePathForRole } from '../domain/users';
import './styles.css';

try {
  const stored = JSON.parse(localStorage.getItem('user') ?? 'null') as { role?: Role } | null;
  if (stored?.role) window.location.replace(homePathForRole(stored.role));
} catch {
  localStorage.removeItem('user');
}
