import { HardHat, MapPin, Navigation, Phone, Siren, TriangleAlert, UserCheck, type LucideIcon } from 'lucide-react';
import { SUPPORT_PHONE } from '../../contract/constants';
import { FeatureList, type Feature } from '../components/marketing/feature-list';
import { Section } from '../components/marketing/section';
import { PageHeader } from '../components/page-header';
import { RulesByAge } from '../features/safety/rules-by-age';

const BEST_PRACTICES: readonly Feature[] = [
  {
    icon: MapPin,
    title: 'Meet in public places',
    text: 'Meet a new homeowner outside, in the front yard or driveway, where neighbors can see you. Never go inside a home alone.',
  },
  {
    icon: Navigation,
    title: 'Tell someone your location',
    text: 'Before every job, tell a parent or guardian the address, the homeowner’s name and when you expect to be done.',
  },
  {
    icon: HardHat,
    title: 'Use proper equipment',
    text: 'Wear gloves, sturdy shoes and weather-appropriate clothes. If you are 14 or 15, never use power equipment or ladders; until you are 18, never use a chain saw or a wood chipper.',
  },
  {
    icon: UserCheck,
    title: 'Follow coordinator guidelines',
    text: 'Your coordinator knows the job and the area. Follow their instructions, and ask them whenever something is unclear.',
  },
];

const WARNING_SIGNS = [
  'A homeowner asks you to work alone in isolated areas',
  'Requests for work outside 6 AM-8 PM',
  'Inappropriate comments or behavior',
  'Jobs that seem too good to be true',
  'Pressure to start without coordinator approval',
] as const;

const EMERGENCY_CONTACTS: readonly { icon: LucideIcon; title: string; detail: string; href: string; tone: string }[] = [
  { icon: Siren, title: 'Emergency: call 911', detail: 'If you are hurt or in danger', href: 'tel:911', tone: 'bg-red-700 hover:bg-red-800' },
  {
    icon: Phone,
    title: 'Yardly Safety Line',
    detail: `${SUPPORT_PHONE} · report a concern`,
    href: `tel:${SUPPORT_PHONE}`,
    tone: 'bg-brand-800 hover:bg-brand-900',
  },
];

export default function SafetyGuidelinesPage() {
  return (
    <div>
      <PageHeader title="Safety Guidelines" />
      <p className="px-4 pt-6 text-lg text-slate-700">
        Every Yardly job is supervised by a background-checked coordinator. These guidelines help you stay safe from the first message to the last rake.
      </p>

      <Section title="Best practices">
        <FeatureList items={BEST_PRACTICES} />
      </Section>

      <RulesByAge />

      <Section title="Warning signs" intro="Stop and contact your coordinator if you notice any of these:">
        <ul className="space-y-2 rounded-2xl border border-amber-300 bg-amber-50 p-4">
          {WARNING_SIGNS.map((sign) => (
            <li key={sign} className="flex gap-2 text-amber-950">
              <TriangleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-800" />
              <span>{sign}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Emergency contacts" intro="You can always leave a job that feels unsafe. Your safety comes before any task.">
        <ul className="space-y-3">
          {EMERGENCY_CONTACTS.map(({ icon: Icon, title, detail, href, tone }) => (
            <li key={href}>
              <a href={href} className={`flex items-center gap-3 rounded-2xl p-4 text-white ${tone}`}>
                <Icon aria-hidden="true" className="h-6 w-6 shrink-0" />
                <span>
                  <span className="block font-bold">{title}</span>
                  <span className="block text-sm">{detail}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
