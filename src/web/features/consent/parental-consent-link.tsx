import type { ConsentStatus } from '../../../contract/constants';
import { ButtonLink, type ButtonVariant } from '../../components/ui/button';

/** The way to the consent screen for a teen without approved consent, named for where they stand. */
export function ParentalConsentLink({ status, variant }: { status: ConsentStatus; variant?: ButtonVariant }) {
  return (
    <ButtonLink to="/parental-consent" variant={variant} className="w-full">
      {status === 'pending' ? 'View Consent Status' : 'Get Parental Consent'}
    </ButtonLink>
  );
}
