import { Link } from 'react-router';
import { Section } from '../components/marketing/section';
import { StepList, type Step } from '../components/marketing/step-list';
import { PageHeader } from '../components/page-header';

const ERROR_TEXT = '403 Forbidden: The from address does not match a verified Sender Identity';

const SINGLE_SENDER_STEPS: readonly Step[] = [
  { title: 'Open Sender Authentication', text: 'In the SendGrid dashboard, go to Settings → Sender Authentication and choose Verify a Single Sender.' },
  { title: 'Enter the sender details', text: 'Use exactly the address Yardly sends from (the address in EMAIL_FROM), plus a reply-to address and your postal address.' },
  { title: 'Confirm the address', text: 'SendGrid emails a verification link to that address. Open it and confirm; the sender is verified right away.' },
];

const DOMAIN_STEPS: readonly Step[] = [
  { title: 'Start domain authentication', text: 'In Settings → Sender Authentication, choose Authenticate Your Domain and enter the domain you send from, for example yardly.app.' },
  { title: 'Add the DNS records', text: 'Add the CNAME records SendGrid shows you at your DNS provider. They let receiving servers check that SendGrid may send for your domain.' },
  { title: 'Verify the domain', text: 'Back in SendGrid, click Verify. DNS changes can take up to 48 hours to spread. Once verified, any address at the domain can be the sender.' },
];

const YARDLY_STEPS: readonly Step[] = [
  { title: 'Create an API key', text: 'In SendGrid, go to Settings → API Keys and create a key with the Mail Send permission.' },
  {
    title: 'Set the environment variables',
    text: 'Set SMTP_URL to SendGrid’s SMTP relay with the user name "apikey" and your key as the password, and set EMAIL_FROM to the sender you verified.',
  },
  { title: 'Restart the server', text: 'Yardly reads its configuration once at start-up; invalid settings stop it with one clear message.' },
];

const ENV_EXAMPLE = `SMTP_URL=smtp://apikey:YOUR_API_KEY@smtp.sendgrid.net:587
EMAIL_FROM="Yardly <no-reply@yardly.app>"`;

const CODE = 'whitespace-pre-wrap break-words rounded-xl bg-slate-900 p-4 font-mono text-sm text-slate-50';

export default function EmailSetupGuidePage() {
  return (
    <div>
      <PageHeader title="Email Setup Guide" />
      <p className="px-4 pt-6 text-slate-700">
        Yardly sends parental consent requests, password resets and notifications by email. If messages are not arriving, this guide fixes the most common cause.
      </p>

      <Section title="The sender-verification error">
        <p className="text-slate-700">When the mail provider rejects a message, the server log shows an error like this one from SendGrid:</p>
        <pre className={`mt-3 ${CODE}`}>
          <code>{ERROR_TEXT}</code>
        </pre>
        <p className="mt-3 text-slate-700">
          It means the From address is not a sender the provider has verified. The provider refuses every message from an unverified address, so nothing is delivered until you verify a single sender or authenticate your domain.
        </p>
      </Section>

      <Section title="Option 1: Verify a single sender" intro="Quickest for testing and small setups." className="bg-slate-50">
        <StepList steps={SINGLE_SENDER_STEPS} />
      </Section>

      <Section title="Option 2: Authenticate your domain" intro="Recommended for production: better deliverability and any address at your domain.">
        <StepList steps={DOMAIN_STEPS} />
      </Section>

      <Section title="Configure Yardly" className="bg-slate-50">
        <StepList steps={YARDLY_STEPS} />
        <pre className={`mt-4 ${CODE}`}>
          <code>{ENV_EXAMPLE}</code>
        </pre>
      </Section>

      <Section title="Without SMTP_URL">
        <p className="text-slate-700">
          When SMTP_URL is not set, Yardly never loses a message: every email stays in the outbox table of the database and is written to the server log, so you can read consent and reset links there while you set up the provider.
        </p>
      </Section>

      <Section title="Send a test email" className="bg-slate-50">
        <p className="text-slate-700">
          Admins can send a test message from the{' '}
          <Link to="/email-test" className="font-semibold text-brand-800 underline underline-offset-2">
            Email Test page
          </Link>{' '}
          to check the setup. If the test fails with the 403 error above, the From address is still not verified.
        </p>
      </Section>
    </div>
  );
}
