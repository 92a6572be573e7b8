import { SUPPORT_EMAIL } from '../../contract/constants';
import { PageHeader } from '../components/page-header';

const LEGAL_EMAIL = 'legal@yardly.app';

/** Each term is a heading and its paragraphs; the sections are numbered in order. */
const TERMS: readonly { title: string; paragraphs: readonly string[] }[] = [
  {
    title: 'Who can use Yardly',
    paragraphs: [
      'Yardly connects teens aged 14 to 18 with homeowners who need help with seasonal outdoor work. Teen workers must be at least 14 and no older than 18 when they register. Homeowners must be adults (18 or older).',
      'Yardly is available only in select ZIP codes. You must give accurate information, including your age and ZIP code, and keep your account details up to date.',
    ],
  },
  {
    title: 'Parental consent',
    paragraphs: [
      'Every user under 18 needs the consent of a parent or legal guardian. We send the parent a secure link to the consent form, which they sign electronically. A teen cannot accept any job until that consent is approved.',
      'A parent or guardian may revoke consent at any time through the same link. After consent is revoked, the teen can no longer accept new jobs.',
    ],
  },
  {
    title: 'Child labor laws',
    paragraphs: [
      'Yardly follows federal and state child labor laws. Teens aged 14 and 15 have stricter limits on daily and weekly hours and may not operate power-driven equipment such as lawn mowers, snow blowers, leaf blowers or string trimmers, or work on ladders.',
      'Homeowners must not ask a teen to do any work the law does not allow for the teen’s age. Jobs that break these rules will be removed.',
    ],
  },
  {
    title: 'Your responsibilities',
    paragraphs: [
      'Teens agree to arrive on time, do the work as described, follow their coordinator’s instructions and report any safety concern right away.',
      'Homeowners agree to describe each job honestly, list any safety notes and equipment, provide a safe place to work and treat every teen with respect. Everyone agrees to arrange and pay for Yardly jobs only through Yardly.',
    ],
  },
  {
    title: 'Work hours',
    paragraphs: [
      'All work must take place during Yardly’s work hours, 6 AM-8 PM local time. Jobs cannot be started outside these hours, and homeowners may not ask teens to work earlier or later.',
    ],
  },
  {
    title: 'Prohibited high-risk jobs',
    paragraphs: [
      'Jobs involving roofs or other heights, tree climbing or cutting, chainsaws, pesticides or other hazardous chemicals, swimming pools, or work near traffic are not allowed on Yardly. Coordinators may remove any job they consider unsafe.',
    ],
  },
  {
    title: 'Background checks',
    paragraphs: [
      'All coordinators are background-checked adults. Homeowners agree to a background check before they can hire teens, and Yardly may suspend any homeowner account that does not pass or that receives a credible safety complaint.',
    ],
  },
  {
    title: 'Payments and escrow',
    paragraphs: [
      'When a homeowner posts a job, the full pay is held in escrow. The payment is released to the teen only after the area coordinator has verified that the work was completed.',
    ],
  },
  {
    title: 'Platform fee',
    paragraphs: [
      'Yardly charges a platform fee of 10%, deducted from the job’s pay when the payment is released. For example, on a $40 job the teen receives $36. Homeowners pay the posted price and nothing more.',
    ],
  },
  {
    title: 'Cancellations and refunds',
    paragraphs: [
      'A homeowner may cancel a job before the work starts, and the amount held in escrow is refunded in full. Refunds, including those decided in a dispute, reach the original payment method within 5-7 business days.',
    ],
  },
  {
    title: 'Disputes',
    paragraphs: [
      'If a homeowner is not satisfied with completed work, they can open a dispute before the payment is released. The area coordinator mediates: they hear both sides, review the work and decide whether to pay the teen in full, give a partial refund or give a full refund.',
    ],
  },
  {
    title: 'Privacy',
    paragraphs: [
      'We collect only what we need to run Yardly safely: names, contact details, ZIP codes, ages, job history and, for parental consent, the signature record. We never sell personal information.',
      'We never share a teen’s home address with homeowners. Consent and payment records are kept as long as the law requires.',
    ],
  },
  {
    title: 'Account deletion',
    paragraphs: [
      `You can ask us to delete your account at any time by writing to ${SUPPORT_EMAIL}. Parents and guardians may request deletion of their teen’s account. We delete personal information within 30 days, except records we must keep by law, such as payment and consent records.`,
    ],
  },
];

export default function TermsOfServicePage() {
  return (
    <div>
      <PageHeader title="Terms of Service" />
      <div className="px-4 py-6">
        <p className="text-sm font-medium text-slate-700">Last updated January 2025</p>
        <p className="mt-3 text-slate-800">
          These Terms of Service govern your use of Yardly. By creating an account or using the service, you agree to them. If you are under 18, please read them with your parent or guardian.
        </p>

        <ol className="mt-6 space-y-6">
          {TERMS.map(({ title, paragraphs }, index) => (
            <li key={title}>
              <section aria-labelledby={`terms-${index + 1}`}>
                <h2 id={`terms-${index + 1}`} className="text-lg font-bold text-slate-900">
                  {index + 1}. {title}
                </h2>
                {paragraphs.map((text) => (
                  <p key={text} className="mt-2 text-slate-700">
                    {text}
                  </p>
                ))}
              </section>
            </li>
          ))}
          <li>
            <section aria-labelledby="terms-contact">
              <h2 id="terms-contact" className="text-lg font-bold text-slate-900">
                {TERMS.length + 1}. Contact
              </h2>
              <p className="mt-2 text-slate-700">
                Questions about these terms? Email our legal team at{' '}
                <a href={`mailto:${LEGAL_EMAIL}`} className="font-semibold text-brand-800 underline underline-offset-2">
                  {LEGAL_EMAIL}
                </a>
                .
              </p>
            </section>
          </li>
        </ol>
      </div>
    </div>
  );
}
