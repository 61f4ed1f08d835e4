import { useTranslation } from 'react-i18next';
import { securityLevelName, securityScore, type SecurityFacts } from './security';

/** The four-step security bar with its level name. */
export function SecurityLevel({ user }: { user: SecurityFacts }) {
  const { t } = useTranslation('account');
  const score = securityScore(user);
  const name = securityLevelName(score);
  return (
    <div className={`security-level level-${name}`} data-testid="security-level" data-level={score}>
      <span className="security-label">{t('security.title')}</span>
      <div
        className="security-bar"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        aria-label={t('security.title')}
      >
        {[25, 50, 75, 100].map((step) => (
          <span key={step} className={`security-step${score >= step ? ' on' : ''}`} />
        ))}
      </div>
      <strong className="security-name">{t(`security.${name}`)}</strong>
    </div>
  );
}
