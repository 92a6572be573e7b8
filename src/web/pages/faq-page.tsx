import { ChevronDown } from 'lucide-react';
import { Section } from '../components/marketing/section';
import { PageHeader } from '../components/page-header';
import { ButtonLink } from '../components/ui/button';

interface Faq {
  question: string;
  answer: string;
}

const CATEGORIES: readonly { title: string; items: readonly Faq[] }[] = [
  {
    title: 'Getting Started',
    items: [
      {
        question: 'Who can use Yardly?',
        answer: 'Teens aged 14 to 18 who want to earn money with local outdoor jobs, and homeowners who need a hand. Yardly is available only in select ZIP codes.',
      },
      {
        question: 'How do I sign up?',
        answer: 'Tap Getting Started, choose Teen Worker or Homeowner, and enter your name, username, email, password and ZIP code. Teens then send a consent request to a parent or guardian.',
      },
      {
        question: 'Is Yardly available in my area?',
        answer: 'Yardly currently serves select ZIP codes. When you sign up we check your ZIP code and tell you right away if we are not in your area yet.',
      },
      {
        question: 'Does it cost anything to join?',
        answer: 'No. Signing up is free. A 10% platform fee is deducted from each job’s pay when the payment is released.',
      },
    ],
  },
  {
    title: 'Safety & Supervision',
    items: [
      {
        question: 'Who supervises the jobs?',
        answer: 'Every job is supervised by a background-checked adult coordinator for your area. Coordinators verify completed work and help if anything goes wrong.',
      },
      {
        question: 'When can teens work?',
        answer: 'Only between 6 AM and 8 PM. A job cannot be started outside those hours.',
      },
      {
        question: 'Are there jobs teens are not allowed to do?',
        answer: 'Yes. High-risk jobs are prohibited for everyone, and teens aged 14 and 15 may not use power equipment (such as lawn mowers, snow blowers, leaf blowers or trimmers) or ladders.',
      },
      {
        question: 'What should I do if I feel unsafe?',
        answer: 'Leave the job and go somewhere safe. In an emergency call 911, then tell your coordinator or call the Yardly safety line. You will never be penalized for leaving an unsafe job.',
      },
    ],
  },
  {
    title: 'Jobs & Payment',
    items: [
      {
        question: 'How do I take a job?',
        answer: 'Open a job and lock it. The job is held for you for 15 minutes while you decide: accept it within that time, or release it so another teen can take it.',
      },
      {
        question: 'When do I get paid?',
        answer: 'The homeowner’s payment is held in escrow from the moment the job is posted. After you finish, your coordinator verifies the work and the payment is released to your wallet.',
      },
      {
        question: 'How much does Yardly keep?',
        answer: 'A 10% platform fee is deducted from the job’s pay. On a $40 job you receive $36.',
      },
      {
        question: 'How much can I earn?',
        answer: 'Most jobs work out to about $15-25 per hour. Each job shows its pay and estimated duration before you lock it.',
      },
    ],
  },
  {
    title: 'Parents & Guardians',
    items: [
      {
        question: 'Why does my teen need my consent?',
        answer: 'Every teen needs approved consent from a parent or guardian before they can accept any job. Until you sign, your teen can browse jobs but not take them.',
      },
      {
        question: 'How do I give consent?',
        answer: 'Your teen enters your name, email and phone number. You receive an email with a secure link, read the consent form, confirm your teen’s date of birth and sign electronically by typing your full name.',
      },
      {
        question: 'Can I withdraw my consent later?',
        answer: 'Yes, at any time, through the same link. Once you revoke consent your teen can no longer accept new jobs.',
      },
      {
        question: 'How is my teen kept safe?',
        answer: 'Background-checked coordinators supervise every job, work happens only between 6 AM and 8 PM, high-risk jobs are banned, and 14-15-year-olds never use power equipment or ladders. Payment goes through escrow, so no cash changes hands.',
      },
    ],
  },
];

export default function FaqPage() {
  return (
    <div>
      <PageHeader title="FAQ" />
      <p className="px-4 pt-6 text-lg text-slate-700">Answers to the questions teens, parents and homeowners ask us most. Tap a question to see its answer.</p>

      {CATEGORIES.map(({ title, items }) => (
        <Section key={title} title={title}>
          <div className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
            {items.map(({ question, answer }) => (
              <details key={question} className="group">
                <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                  {question}
                  <ChevronDown aria-hidden="true" className="h-5 w-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180" />
                </summary>
                <p className="px-4 pb-4 text-slate-700">{answer}</p>
              </details>
            ))}
          </div>
        </Section>
      ))}

      <section aria-labelledby="faq-more" className="px-4 py-8 text-center">
        <h2 id="faq-more" className="text-xl font-bold text-slate-900">
          Still have questions?
        </h2>
        <p className="mt-1 text-slate-700">Our support team is happy to help.</p>
        <ButtonLink to="/help" size="lg" className="mt-4 w-full">
          Contact Support
        </ButtonLink>
      </section>
    </div>
  );
}
