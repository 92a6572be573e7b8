import { ChevronRight, CircleHelp, FileText, Mail, MessageCircle, Phone, ShieldCheck, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { APP_VERSION, SUPPORT_EMAIL, SUPPORT_PHONE } from '../../contract/constants';
import { Section } from '../components/marketing/section';
import { PageHeader } from '../components/page-header';

const SUPPORT_HOURS = 'Mon-Fri 9AM-6PM EST';
const SUPPORT_SUBJECT = 'Yardly Support Request';

interface ContactOption {
  icon: LucideIcon;
  title: string;
  detail: string | readonly string[];
  /** A link target (tel:, mailto:); without it the option is a button. */
  href?: string;
  onSelect?: () => void;
}

const CONTACT_OPTIONS: readonly ContactOption[] = [
  {
    icon: MessageCircle,
    title: 'Live Chat',
    detail: 'Chat with our support team',
    onSelect: () => window.alert('Live chat feature coming soon!'),
  },
  { icon: Phone, title: 'Call Support', detail: [SUPPORT_PHONE, SUPPORT_HOURS], href: `tel:${SUPPORT_PHONE}` },
  { icon: Mail, title: 'Email Us', detail: SUPPORT_EMAIL, href: `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(SUPPORT_SUBJECT)}` },
];

const RESOURCES: readonly { icon: LucideIcon; title: string; detail: string; to: string }[] = [
  { icon: ShieldCheck, title: 'Safety Guidelines', detail: 'How to stay safe on every job', to: '/safety-guidelines' },
  { icon: FileText, title: 'Terms of Service', detail: 'The rules for using Yardly', to: '/terms-of-service' },
  { icon: CircleHelp, title: 'FAQ', detail: 'Answers to common questions', to: '/faq' },
];

const ROW = 'flex w-full items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-left shadow-sm hover:bg-slate-50';

function RowContent({ icon: Icon, title, detail }: { icon: LucideIcon; title: string; detail: string | readonly string[] }) {
  return (
    <>
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        <Icon aria-hidden="true" className="h-5 w-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-slate-900">{title}</span>
        {(typeof detail === 'string' ? [detail] : detail).map((line) => (
          <span key={line} className="block text-sm text-slate-700">
            {line}
          </span>
        ))}
      </span>
      <ChevronRight aria-hidden="true" className="h-5 w-5 shrink-0 text-slate-500" />
    </>
  );
}

export default function HelpPage() {
  return (
    <div>
      <PageHeader title="Help & Support" backTo="/" />

      <Section title="Contact us" intro="We're here to help with jobs, payments, consent and safety.">
        <ul className="space-y-3">
          {CONTACT_OPTIONS.map(({ href, onSelect, ...row }) => (
            <li key={row.title}>
              {href ? (
                <a href={href} className={ROW}>
                  <RowContent {...row} />
                </a>
              ) : (
                <button type="button" onClick={onSelect} className={ROW}>
                  <RowContent {...row} />
                </button>
              )}
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Resources">
        <ul className="space-y-3">
          {RESOURCES.map(({ to, ...row }) => (
            <li key={to}>
              <Link to={to} className={ROW}>
                <RowContent {...row} />
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="App info">
        <div className="rounded-2xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
          <p>Version {APP_VERSION}</p>
          <p>Last Updated Jan 2025</p>
        </div>
      </Section>
    </div>
  );
}
