import type { UserStatus } from '../../../contract/admin';
import type { Role } from '../../../contract/constants';
import { Badge } from '../../components/ui/badge';

export const ROLE_LABELS: Record<Role, string> = { teen: 'Teen', homeowner: 'Homeowner', coordinator: 'Coordinator', admin: 'Admin' };

export function StatusBadge({ status }: { status: UserStatus }) {
  return status === 'active' ? <Badge tone="green">Active</Badge> : <Badge tone="red">Suspended</Badge>;
}
