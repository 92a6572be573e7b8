/** A valid Post a Job payload in the demo town; override what a test is about. */
export const validJob = (overrides: Record<string, unknown> = {}) => ({
  title: 'Rake the front yard',
  description: 'Leaves from two maples, bags provided.',
  category: 'leaf_raking',
  payAmount: '40.00',
  estimatedDuration: 90,
  location: '12 Elm St',
  safetyNotes: 'Watch the steps by the porch.',
  zipCode: '02139',
  physicalDemands: 'medium',
  equipment: ['rake'],
  ...overrides,
});
