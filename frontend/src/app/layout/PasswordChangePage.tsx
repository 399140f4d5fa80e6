import { useNavigate } from 'react-router';
import { signOut } from '@/app/signOut';
import { usePageTitle, useProductTitle } from '@/shared/session/usePageTitle';
import { accountMessages, ChangePasswordDialog } from '@/features/account/shell';
import { useMessages } from '@/shared/i18n';

/**
 * What a user whose password someone else set (an administrator, the seed of a real installation) sees
 * after signing in, at any address: the change-password dialog, open by itself and not to be dismissed,
 * over an empty page, in place of the layout (AppLayout). The server answers nothing else until the password is changed; the change ends the
 * session, so the user signs in again with the new password and the shell works.
 */
export function PasswordChangePage() {
  const t = useMessages(accountMessages);
  const navigate = useNavigate();
  usePageTitle(t('passwordTitle'));
  return (
    <main style={{ minHeight: '100vh' }} aria-label={useProductTitle()} data-testid="password-change-page">
      <ChangePasswordDialog
        open
        required
        onClose={() => undefined}
        // the server ended every session of the user: nothing to sign out from
        onChanged={() => void signOut(navigate, { notifyServer: false })}
      />
    </main>
  );
}
