import type { AdminUserSummary } from '../../../contract/admin';
import { users } from '../../db/schema';

/** The columns of a person in the admin's lists: never a password hash, never a teen's date of birth. */
export const ADMIN_USER_COLUMNS = {
  id: users.id,
  fullName: users.fullName,
  username: users.username,
  email: users.email,
  role: users.role,
  status: users.status,
  zipCode: users.zipCode,
  parentalConsentStatus: users.parentalConsentStatus,
  createdAt: users.createdAt,
};

type AdminUserRow = Pick<typeof users.$inferSelect, keyof typeof ADMIN_USER_COLUMNS>;

/** Field by field: a whole account row may be passed, and none of its other fields may leave. */
export function toAdminUserSummary(row: AdminUserRow): AdminUserSummary {
  return {
    id: row.id,
    fullName: row.fullName,
    username: row.username,
    email: row.email,
    role: row.role,
    status: row.status,
    zipCode: row.zipCode,
    // Consent concerns teens only; the column's default 'none' on other accounts means nothing.
    parentalConsentStatus: row.role === 'teen' ? row.parentalConsentStatus : null,
    createdAt: row.createdAt.toISOString(),
  };
}
