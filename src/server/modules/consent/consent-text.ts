import { createHash } from 'node:crypto';
import type { ConsentText } from '../../../contract/consent';

/**
 * The consent a parent signs. A change of wording is a new version: signatures keep the version and
 * the SHA-256 of the exact text they agreed to, so old evidence stays provable.
 */
const SECTIONS: ConsentText['sections'] = [
  {
    heading: 'What your teen will do',
    paragraphs: [
      'Yardly lets teens aged 14 to 18 take short, local outdoor jobs posted by homeowners near you: lawn care, leaf raking, snow shoveling, cleaning, outdoor maintenance, seasonal work and landscaping.',
      'Your teen chooses the jobs. Each job shows its pay, its expected duration, where it is, how physically demanding it is and the equipment it needs before your teen accepts it.',
    ],
  },
  {
    heading: 'How we keep teens safe',
    paragraphs: [
      'Every job is supervised by a background-checked adult coordinator for the area, who contacts your teen before the work and verifies it afterwards.',
      'Work happens only between 6 AM and 8 PM. High-risk jobs are not allowed. Teens are told to work in public view, to tell someone where they are, to use proper equipment and to refuse any job that feels wrong.',
      "The homeowner's payment is held by Yardly until the coordinator verifies the work, then paid to your teen after the platform fee.",
    ],
  },
  {
    heading: 'Your consent',
    paragraphs: [
      'By signing, you confirm that you are the parent or legal guardian of the teen named on this page, that the date of birth you give is correct, and that you allow your teen to find, accept and do jobs through Yardly.',
      'You can revoke this consent at any time through the link in the email we sent you. Revoking stops your teen from accepting new jobs at once.',
      "We keep a record of your signature: your typed name, your teen's date of birth, the time, your IP address and browser, and the version of this text. Your teen's date of birth is never shown to homeowners or to other teens.",
    ],
  },
];

export const CONSENT_TEXT_VERSION = '2026-11-01';

/** The exact text the hash covers: version, headings and paragraphs, one per line. */
function canonicalText(version: string, sections: ConsentText['sections']): string {
  return [`Yardly parental consent, version ${version}`, ...sections.flatMap((s) => [s.heading, ...s.paragraphs])].join('\n');
}

export const CONSENT_TEXT: ConsentText = {
  version: CONSENT_TEXT_VERSION,
  sha256: createHash('sha256').update(canonicalText(CONSENT_TEXT_VERSION, SECTIONS)).digest('hex'),
  sections: SECTIONS,
};
