import { Link } from 'react-router';
import { Brand } from '../brand';

const FOOTER_LINKS = [
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/safety-guidelines', label: 'Safety Guidelines' },
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/faq', label: 'FAQ' },
  { to: '/help', label: 'Help & Support' },
] as const;

/** The landing page's footer: the public pages and the service-area note. */
export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 px-4 py-8 text-sm text-slate-700">
      <Brand />
      <nav aria-label="Footer" className="mt-4">
        <ul className="grid grid-cols-2 gap-x-4 gap-y-1">
          {FOOTER_LINKS.map(({ to, label }) => (
            <li key={to}>
              <Link to={to} className="inline-block py-2 font-medium text-slate-800 underline-offset-2 hover:text-brand-800 hover:underline">
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-6">Serving teens and homeowners in select ZIP codes. Every job is supervised by a background-checked coordinator.</p>
      <p className="mt-2">&copy; 2025 Yardly</p>
    </footer>
  );
}
