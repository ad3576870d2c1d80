import { Button, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Dialog } from '../../components/dialog';

/**
 * Contact support for a visitor nobody signed in (the header of an unguarded page): a case cannot be
 * opened, so no form to write a message that would be lost; the way to sign in, and to vendor support
 * by e-mail (issue 10).
 */
export function SignedOutSupportDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('contact_support')} onClose={onClose} testId="support-dialog" footer={<Button onClick={onClose}>{t('close')}</Button>}>
      <Text className="dialog-intro">{t('support_signed_out_body')}</Text>
      <ul className="dialog-links">
        <li>
          <Link to="/" data-testid="support-sign-in" data-autofocus>
            {t('sign_in')}
          </Link>
        </li>
        <li>
          <Link to="/contact" data-testid="contact-support-link">
            {t('contact_title')}
          </Link>
        </li>
      </ul>
    </Dialog>
  );
}
