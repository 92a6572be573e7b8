// The one table of XP rules (issue 16): every way a teen earns experience, and why it is worth
// what it is. Only real events earn XP; nothing is ever taken away.

export type XpEvent =
  | { kind: 'paid_job'; earnedCents: number }
  | { kind: 'review_received'; rating: number }
  | { kind: 'challenge_completed'; rewardPoints: number };

export const XP_RULES: { readonly [K in XpEvent['kind']]: (event: Extract<XpEvent, { kind: K }>) => number } = {
  // A paid job: 50 for showing up and finishing the work, whatever it paid, plus 1 per whole dollar
  // the teen was paid after the fee, so a longer job counts more. Cents do not round up. A typical
  // $25 job gives 72 XP: level 2 after two jobs, the top level (7,500) after about a hundred.
  paid_job: ({ earnedCents }) => 50 + Math.floor(Math.max(0, earnedCents) / 100),
  // A review: 25 for five stars only. Quality is rewarded; a lower rating gives nothing and takes nothing.
  review_received: ({ rating }) => (rating === 5 ? 25 : 0),
  // A completed seasonal challenge: its own rewards.points, which the admin who set it chose.
  challenge_completed: ({ rewardPoints }) => Math.max(0, rewardPoints),
};

/** The XP an event earns, from the table above. */
export function xpFor(event: XpEvent): number {
  switch (event.kind) {
    case 'paid_job':
      return XP_RULES.paid_job(event);
    case 'review_received':
      return XP_RULES.review_received(event);
    case 'challenge_completed':
      return XP_RULES.challenge_completed(event);
  }
}
