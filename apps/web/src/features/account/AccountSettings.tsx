import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserInfo } from '../../api/user';
import { CopyValue, inviteLink } from '../../components/CopyValue';
import { LocalTime } from '../../components/LocalTime';
import { PathIcon } from '../../components/icons';
import { useAuthorizationCode } from './api';
import { SecurityLevel } from './SecurityLevel';

const ICON_PATHS = {
  phone: 'M8 3h8a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Zm3 15h2',
  email: 'M3 6h18v12H3zM3 7l9 6 9-6',
  lock: 'M6 11h12v9H6zM9 11V8a3 3 0 0 1 6 0v3',
  key: 'M14.5 9.5a4 4 0 1 0-3.9 4.9L9 16v2H7v2H4v-3l6.1-6.1M15 8h.01',
  identity:
    'M3 6h18v12H3zM8 11a1.6 1.6 0 1 0 0-.01M5.8 15.5c.6-1.3 1.4-1.9 2.2-1.9s1.6.6 2.2 1.9M14 10h4M14 13h3',
} as const;

function Icon({ name }: { name: keyof typeof ICON_PATHS }) {
  return <PathIcon d={ICON_PATHS[name]} />;
}

/** The rows of the security list by their icon; a row's words are `security.<kind>` and `<kind>Text`. */
const SECURITY_ICONS = {
  phone: 'phone',
  email: 'email',
  loginPassword: 'lock',
  tradePassword: 'key',
  identity: 'identity',
} as const;

function SecurityRow({
  kind,
  status,
  action,
}: {
  kind: keyof typeof SECURITY_ICONS;
  status: ReactNode;
  action?: ReactNode;
}) {
  const { t } = useTranslation('account');
  // loginPassword's row is security-login-password.
  const testId = `security-${kind.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  return (
    <li className="security-row" data-testid={testId}>
      <span className="security-row-icon">
        <Icon name={SECURITY_ICONS[kind]} />
      </span>
      <div className="security-row-main">
        <strong>{t(`security.${kind}`)}</strong>
        <span className="muted">{t(`security.${kind}Text`)}</span>
      </div>
      <div className="security-row-status">{status}</div>
      <div className="security-row-action">{action}</div>
    </li>
  );
}

/** A row's way onwards: primary where something is still to do, else quiet. */
function RowLink({
  to,
  primary = false,
  testId,
  children,
}: {
  to: string;
  primary?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={`btn btn-sm ${primary ? 'btn-primary' : 'btn-ghost'}`} data-testid={testId}>
      {children}
    </Link>
  );
}

function Bound({ on, children }: { on: boolean; children: ReactNode }) {
  return <span className={`bound-state${on ? ' on' : ''}`}>{children}</span>;
}

/** Account settings: invite and authorisation codes, bindings, passwords and the security bar. */
export function AccountSettings({ user }: { user: UserInfo }) {
  const { t } = useTranslation('account');
  const authorization = useAuthorizationCode();
  const link = inviteLink(user.extension_code);
  const phone = user.phone ? `${user.area_code ? `+${user.area_code} ` : ''}${user.phone}` : '';
  const tradePasswordSet = user.has_trade_password === 1;
  const identityText =
    user.review_status === 2
      ? t('identity.certified')
      : user.review_status === 1
        ? t('identity.auditing')
        : t('identity.notSubmitted');

  return (
    <div className="account-stack" data-testid="settings-page">
      <section className="panel account-profile">
        <div className="account-avatar" aria-hidden="true">
          {user.account_number.slice(0, 1).toUpperCase()}
        </div>
        <div className="account-profile-main">
          <h1 className="account-name">{user.account}</h1>
          <div className="account-meta">
            <span>
              <span className="muted">{t('profile.uid')}</span> <span className="num">{user.id}</span>
            </span>
            <span>
              <span className="muted">{t('profile.registered')}</span>{' '}
              <LocalTime value={user.create_date} style="date" />
            </span>
            {user.parent_name && (
              <span>
                <span className="muted">{t('profile.inviter')}</span> {user.parent_name}
              </span>
            )}
          </div>
        </div>
        <SecurityLevel user={user} />
      </section>

      <section className="panel">
        <header className="panel-header">{t('invite.title')}</header>
        <div className="panel-body invite-grid">
          <div className="invite-item">
            <span className="field-label">{t('invite.code')}</span>
            <CopyValue value={user.extension_code} testId="invite-code" />
          </div>
          <div className="invite-item wide">
            <span className="field-label">{t('invite.link')}</span>
            <CopyValue value={user.extension_code ? link : ''} testId="invite-link" mono={false} />
          </div>
          <div className="invite-item">
            <span className="field-label">{t('invite.authorization')}</span>
            <CopyValue value={authorization.data ?? ''} testId="authorization-code" />
            <span className="muted invite-note">{t('invite.authorizationHint')}</span>
          </div>
        </div>
      </section>

      <section className="panel">
        <header className="panel-header">{t('security.sectionTitle')}</header>
        <ul className="security-list">
          <SecurityRow
            kind="phone"
            status={<Bound on={Boolean(phone)}>{phone || t('security.notBound')}</Bound>}
            action={
              !phone && (
                <RowLink to="/bindEmail?type=phone" testId="bind-phone-link">
                  {t('security.bind')}
                </RowLink>
              )
            }
          />
          <SecurityRow
            kind="email"
            status={<Bound on={Boolean(user.email)}>{user.email || t('security.notBound')}</Bound>}
            action={
              !user.email && (
                <RowLink to="/bindEmail" testId="bind-email-link">
                  {t('security.bind')}
                </RowLink>
              )
            }
          />
          <SecurityRow
            kind="loginPassword"
            status={<Bound on>{t('security.set')}</Bound>}
            action={
              <RowLink to="/forgetPwd?fromSet=1" testId="reset-password-link">
                {t('security.reset')}
              </RowLink>
            }
          />
          <SecurityRow
            kind="tradePassword"
            status={
              <Bound on={tradePasswordSet}>{t(tradePasswordSet ? 'security.set' : 'security.notSet')}</Bound>
            }
            action={
              <RowLink to="/bindmpwd" primary={!tradePasswordSet} testId="trade-password-link">
                {t(tradePasswordSet ? 'security.change' : 'security.setUp')}
              </RowLink>
            }
          />
          <SecurityRow
            kind="identity"
            status={<Bound on={user.review_status === 2}>{identityText}</Bound>}
            action={
              user.review_status !== 2 && (
                <RowLink to="/authentication" primary={user.review_status === 0}>
                  {t(user.review_status === 0 ? 'security.verify' : 'security.view')}
                </RowLink>
              )
            }
          />
        </ul>
      </section>
    </div>
  );
}
