import { CalendarDays, Clock, FilePen, Hammer, Leaf, ShieldCheck, Snowflake, Sparkles, Sprout, UserCheck } from 'lucide-react';
import { FeatureList, type Feature } from '../components/marketing/feature-list';
import { Section } from '../components/marketing/section';
import { StepList, type Step } from '../components/marketing/step-list';
import { PageHeader } from '../components/page-header';
import { ButtonLink } from '../components/ui/button';

const TEEN_STEPS: readonly Step[] = [
  {
    title: 'Sign up and get parental consent',
    text: 'Create your account with your ZIP code (ages 14-18). We email your parent or guardian a consent form they sign online; once it is approved you can accept jobs.',
  },
  {
    title: 'Find a job and lock it',
    text: 'Browse jobs near you. Locking a job holds it for you for 15 minutes while you decide, then accept it or release it for someone else.',
  },
  {
    title: 'Do great work and get paid',
    text: 'A coordinator verifies the finished job, then your pay is released from escrow to your wallet, minus the 10% platform fee.',
  },
];

const SAFETY_POINTS: readonly Feature[] = [
  { icon: UserCheck, title: 'Supervised by coordinators', text: 'Background-checked adult coordinators oversee every job in their area and verify the work.' },
  { icon: FilePen, title: 'Parents stay in the loop', text: 'A parent or guardian signs the consent form before a teen can accept any job, and can revoke it at any time.' },
  { icon: Clock, title: 'Work between 6 AM and 8 PM', text: 'Jobs only happen during daytime hours, with stricter limits for 14 and 15-year-olds.' },
  { icon: ShieldCheck, title: 'Age-appropriate work only', text: 'High-risk jobs are prohibited, and 14-15-year-olds never use power equipment or ladders.' },
];

const HOMEOWNER_STEPS: readonly Step[] = [
  {
    title: 'Post your job',
    text: 'Describe the task, the pay, how long it should take and any safety notes. Your payment is held safely in escrow.',
  },
  {
    title: 'A local teen takes it',
    text: 'A teen near you accepts the job, and the area coordinator supervises the work from start to finish.',
  },
  {
    title: 'Approve and pay',
    text: 'After the coordinator verifies the work, the payment is released to the teen and you can leave a review.',
  },
];

const JOB_TYPES: readonly Feature[] = [
  { icon: Sprout, title: 'Lawn care', text: 'Mowing, weeding, watering and edging.' },
  { icon: Leaf, title: 'Leaf raking', text: 'Raking, bagging and clearing fall leaves.' },
  { icon: Snowflake, title: 'Snow shoveling', text: 'Driveways, walkways and steps after a storm.' },
  { icon: Sparkles, title: 'Cleaning', text: 'Garages, patios, decks and outdoor furniture.' },
  { icon: Hammer, title: 'Outdoor maintenance', text: 'Sweeping, hauling, planting and small yard fixes.' },
  { icon: CalendarDays, title: 'Seasonal work', text: 'Garden prep, holiday decorations and seasonal cleanups.' },
];

export default function HowItWorksPage() {
  return (
    <div>
      <PageHeader title="How It Works" backTo="/" />
      <p className="px-4 pt-6 text-lg text-slate-700">
        Yardly connects teens with neighbors who need a hand outside. Coordinators supervise every job, and payment waits safely in escrow until the work is verified.
      </p>

      <Section title="For teens">
        <StepList steps={TEEN_STEPS} />
      </Section>

      <Section title="Safety built in" className="bg-slate-50">
        <FeatureList items={SAFETY_POINTS} />
      </Section>

      <Section title="For homeowners">
        <StepList steps={HOMEOWNER_STEPS} />
      </Section>

      <Section title="Popular job types" className="bg-slate-50">
        <ul className="grid grid-cols-2 gap-3">
          {JOB_TYPES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm">
              <Icon aria-hidden="true" className="h-6 w-6 text-brand-800" />
              <h3 className="mt-2 font-semibold text-slate-900">{title}</h3>
              <p className="text-sm text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="how-cta" className="px-4 py-8 text-center">
        <h2 id="how-cta" className="text-xl font-bold text-slate-900">
          Ready to get started?
        </h2>
        <p className="mt-1 text-slate-700">Yardly is available in select ZIP codes. Sign up to check yours.</p>
        <ButtonLink to="/auth" size="lg" className="mt-4 w-full">
          Sign Up Now
        </ButtonLink>
      </section>
    </div>
  );
}
