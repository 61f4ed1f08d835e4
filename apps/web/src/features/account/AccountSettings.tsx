import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserInfo } from '../../api/user';
import { CopyValue, inviteLink } from '../../components/CopyValue';
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

interface SecurityRowProps {
  icon: keyof typeof ICON_PATHS;
  title: string;
  text: string;
  status: ReactNode;
  action?: ReactNode;
  testId: string;
}

function SecurityRow({ icon, title, text, status, action, testId }: SecurityRowProps) {
  return (
    <li className="security-row" data-testid={testId}>
      <span className="security-row-icon">
        <Icon name={icon} />
      </span>
      <div className="security-row-main">
        <strong>{title}</strong>
        <span className="muted">{text}</span>
      </div>
      <div className="security-row-status">{status}</div>
      <div className="security-row-action">{action}</div>
    </li>
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
              <span className="num">{user.create_date}</span>
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
            testId="security-phone"
            icon="phone"
            title={t('security.phone')}
            text={t('security.phoneText')}
            status={<Bound on={Boolean(phone)}>{phone || t('security.notBound')}</Bound>}
            action={
              !phone && (
                <Link
                  to="/bindInfo?type=phone"
                  className="btn btn-ghost btn-sm"
                  data-testid="bind-phone-link"
                >
                  {t('security.bind')}
                </Link>
              )
            }
          />
          <SecurityRow
            testId="security-email"
            icon="email"
            title={t('security.email')}
            text={t('security.emailText')}
            status={<Bound on={Boolean(user.email)}>{user.email || t('security.notBound')}</Bound>}
            action={
              !user.email && (
                <Link to="/bindEmail" className="btn btn-ghost btn-sm" data-testid="bind-email-link">
                  {t('security.bind')}
                </Link>
              )
            }
          />
          <SecurityRow
            testId="security-login-password"
            icon="lock"
            title={t('security.loginPassword')}
            text={t('security.loginPasswordText')}
            status={<Bound on>{t('security.set')}</Bound>}
            action={
              <Link
                to="/forgetPwd?fromSet=1"
                className="btn btn-ghost btn-sm"
                data-testid="reset-password-link"
              >
                {t('security.reset')}
              </Link>
            }
          />
          <SecurityRow
            testId="security-trade-password"
            icon="key"
            title={t('security.tradePassword')}
            text={t('security.tradePasswordText')}
            status={
              <Bound on={user.has_trade_password === 1}>
                {user.has_trade_password === 1 ? t('security.set') : t('security.notSet')}
              </Bound>
            }
            action={
              <Link
                to="/bindmpwd"
                className={`btn btn-sm ${user.has_trade_password === 1 ? 'btn-ghost' : 'btn-primary'}`}
                data-testid="trade-password-link"
              >
                {user.has_trade_password === 1 ? t('security.change') : t('security.setUp')}
              </Link>
            }
          />
          <SecurityRow
            testId="security-identity"
            icon="identity"
            title={t('security.identity')}
            text={t('security.identityText')}
            status={<Bound on={user.review_status === 2}>{identityText}</Bound>}
            action={
              user.review_status !== 2 && (
                <Link
                  to="/authentication"
                  className={`btn btn-sm ${user.review_status === 0 ? 'btn-primary' : 'btn-ghost'}`}
                >
                  {user.review_status === 0 ? t('security.verify') : t('security.view')}
                </Link>
              )
            }
          />
        </ul>
      </section>
    </div>
  );
}
