import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUserInfo } from '../../api/user';
import { Spinner } from '../../components/States';
import { AccountFrame, type AccountSection } from '../../components/AccountFrame';
import { AccountSettings } from './AccountSettings';
import { IdentityView } from './IdentityView';
import { ReceivingAccounts } from './ReceivingAccounts';
import './account.css';

/** `tab` of /userSetting and /accountSet: the nested view beside the menu (account settings by default). */
export function sectionOf(tab: string | null): AccountSection {
  switch (tab) {
    case 'bank':
    case 'receive':
    case 'payment':
    case 'cash':
      return 'bank';
    case 'identity':
    case 'auth':
      return 'identity';
    default:
      return 'settings';
  }
}

/** The account area (document 1, section 2.9): left menu and the chosen view. */
export default function SettingsPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const section = sectionOf(params.get('tab'));
  const user = useUserInfo();

  let view;
  if (section === 'bank') view = <ReceivingAccounts />;
  else if (section === 'identity') view = <IdentityView />;
  else if (user.isPending) view = <Spinner />;
  else if (!user.data) view = <div className="panel empty">{t('loadFailed')}</div>;
  else view = <AccountSettings user={user.data} />;

  return <AccountFrame active={section}>{view}</AccountFrame>;
}
