import { BadgeCheck, Clock, FilePen, MapPin, ShieldCheck, Star } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { homePathForRole } from '../../domain/users';
import { Brand } from '../components/brand';
import { FeatureList, type Feature } from '../components/marketing/feature-list';
import { Section } from '../components/marketing/section';
import { SiteFooter } from '../components/marketing/site-footer';
import { StepList, type Step } from '../components/marketing/step-list';
import { ButtonLink } from '../components/ui/button';
import { useAuth } from '../lib/auth';

/** Spec 1 and 9: marketing figures only, not live statistics. */
const STATS = [
  { value: '300+', label: 'Jobs completed this month' },
  { value: '4.8', label: 'Average rating' },
  { value: '50+', label: 'Active teens' },
  { value: '$15-25', label: 'Per hour' },
] as const;

const STORIES = [
  {
    name: 'Maya',
    age: 16,
    earnings: '$1,240 earned this fall',
    quote: 'I raked leaves for six neighbors on my street. Locking a job and knowing a coordinator checks the work made it easy to say yes.',
  },
  {
    name: 'Jordan',
    age: 15,
    earnings: '$860 earned last winter',
    quote: 'Every snow day turned into a paycheck. My mom signed the consent form in two minutes, and the pay showed up in my wallet after each job.',
  },
] as const;

const STEPS: readonly Step[] = [
  { title: 'Sign up with your parent', text: 'Create your account, then a parent or guardian signs the consent form by e-signature.' },
  { title: 'Lock a job near you', text: 'Browse local jobs and lock one: it is yours for 15 minutes while you decide.' },
  { title: 'Do the work, get paid', text: 'A coordinator verifies the finished job and your pay is released from escrow.' },
];

const SAFETY: readonly Feature[] = [
  { icon: ShieldCheck, title: 'Background-checked coordinators', text: 'An adult coordinator supervises every job and verifies the work.' },
  { icon: FilePen, title: 'Parental consent first', text: 'Teens accept jobs only after a parent or guardian approves.' },
  { icon: Clock, title: 'Daylight hours only', text: 'Work happens between 6 AM and 8 PM, never late at night.' },
  { icon: BadgeCheck, title: 'Safe, age-appropriate jobs', text: 'High-risk jobs are not allowed, and payment is held in escrow.' },
];

export default function LandingPage() {
  const { user } = useAuth();
  if (user) return <Navigate to={homePathForRole(user.role)} replace />;

  return (
    <div>
      <header className="flex items-center justify-between px-4 py-3">
        <Brand className="text-xl" />
        <Link to="/auth" className="inline-flex h-11 items-center rounded-lg px-3 font-semibold text-brand-800 hover:bg-brand-50">
          Sign In
        </Link>
      </header>

      <section aria-labelledby="hero-title" className="bg-linear-to-b from-brand-50 to-white px-4 pb-10 pt-8 text-center">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-900">
          <MapPin aria-hidden="true" className="h-4 w-4" />
          Yardly is available only in select ZIP codes.
        </p>
        <h1 id="hero-title" className="mt-5 text-4xl font-extrabold leading-tight tracking-tight text-slate-900">
          Make Money. Earn Respect. Keep It Simple.
        </h1>
        <p className="mt-4 text-lg text-slate-700">
          Local outdoor jobs for teens 14-18, like lawn care, leaf raking and snow shoveling, supervised by background-checked coordinators and paid through escrow.
        </p>
        <div className="mt-6 flex flex-col gap-3">
          <ButtonLink to="/auth" size="lg" className="w-full">
            Getting Started
          </ButtonLink>
          <ButtonLink to="/how-it-works" variant="secondary" size="lg" className="w-full">
            Watch How It Works
          </ButtonLink>
        </div>
      </section>

      <Section title="Yardly by the numbers">
        <dl className="grid grid-cols-2 gap-3">
          {STATS.map(({ value, label }) => (
            <div key={label} className="flex flex-col-reverse justify-end rounded-2xl border border-slate-200 bg-white p-4 text-center shadow-sm">
              <dt className="text-sm text-slate-700">{label}</dt>
              <dd className="text-2xl font-extrabold text-brand-800">{value}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section title="Teen stories" className="bg-slate-50">
        <ul className="space-y-4">
          {STORIES.map(({ name, age, earnings, quote }) => (
            <li key={name}>
              <figure className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex gap-0.5 text-amber-600" role="img" aria-label="Rated 5 out of 5">
                  {[1, 2, 3, 4, 5].map((n) => (
                    <Star key={n} aria-hidden="true" className="h-4 w-4 fill-current" />
                  ))}
                </div>
                <blockquote className="mt-2 text-slate-800">&ldquo;{quote}&rdquo;</blockquote>
                <figcaption className="mt-3 flex items-center gap-3">
                  <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-800 font-bold text-white">
                    {name[0]}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">
                      {name}, {age}
                    </span>
                    <span className="block text-sm font-medium text-brand-800">{earnings}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="How it works">
        <StepList steps={STEPS} />
        <Link to="/how-it-works" className="mt-4 inline-block py-2 font-semibold text-brand-800 underline underline-offset-2">
          See every step for teens and homeowners
        </Link>
      </Section>

      <Section title="Safety comes first" className="bg-slate-50">
        <FeatureList items={SAFETY} />
        <Link to="/safety-guidelines" className="mt-4 inline-block py-2 font-semibold text-brand-800 underline underline-offset-2">
          Read our safety guidelines
        </Link>
      </Section>

      <section aria-labelledby="cta-title" className="px-4 py-8">
        <div className="rounded-2xl bg-brand-800 p-6 text-center text-white">
          <h2 id="cta-title" className="text-2xl font-bold">
            Ready to earn your first paycheck?
          </h2>
          <p className="mt-2 text-brand-50">Join the teens in your neighborhood earning $15-25 per hour. Signing up is free.</p>
          <Link
            to="/auth"
            className="mt-5 inline-flex h-12 w-full items-center justify-center rounded-lg bg-white px-6 text-lg font-semibold text-brand-900 hover:bg-brand-50"
          >
            Create Your Free Account
          </Link>
        </div>
      </section>

      <SiteFooter />
    </div>
  );
}
