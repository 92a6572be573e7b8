import type { AuditAction, AuditEntry } from '../../../contract/admin';

/** Every admin act in plain words; the record type makes a new action name its label here. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.suspend': 'Account suspended',
  'user.reactivate': 'Account reactivated',
  'job.verify': 'Job verified',
  'job.cancel': 'Job cancelled',
  'dispute.resolve': 'Dispute resolved',
  'email.test': 'Test email sent',
  'coordinator.create': 'Coordinator created',
  'coordinator.update': 'Coordinator ZIP codes changed',
  'service_area.add': 'Service area added',
  'service_area.update': 'Service area paused or resumed',
  'challenge.add': 'Seasonal challenge added',
  'challenge.update': 'Seasonal challenge changed',
};

const show = (value: unknown): string => (Array.isArray(value) ? value.join(', ') || 'none' : value === null ? 'none' : String(value));

/** The changed values as lines: 'status: active → suspended', 'reason: ...'. */
export function describeChanges(changes: AuditEntry['changes']): string[] {
  return Object.entries(changes).map(([name, value]) => {
    if (value && typeof value === 'object' && !Array.isArray(value) && 'from' in value && 'to' in value) return `${name}: ${show(value.from)} → ${show(value.to)}`;
    return `${name}: ${typeof value === 'object' && value !== null && !Array.isArray(value) ? JSON.stringify(value) : show(value)}`;
  });
}
