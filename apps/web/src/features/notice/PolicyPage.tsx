import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './notice.css';

const SUPPORT_EMAIL = 'support@exchange.local';
const SECTIONS = [
  'acceptance',
  'eligibility',
  'verification',
  'trading',
  'fees',
  'risk',
  'prohibited',
  'suspension',
  'liability',
  'changes',
] as const;

/** Terms of use (/policy), in every interface language. */
export default function PolicyPage() {
  const { t } = useTranslation('notice');
  // Hash routing owns the URL fragment, so the contents scroll in place instead of using #anchors.
  const scrollTo = (section: string) =>
    document.getElementById(`terms-${section}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  return (
    <div className="container ntc-page">
      <div className="ntc-detail-grid ntc-policy-grid">
        <nav className="panel ntc-aside ntc-toc" aria-label={t('policy.contents')}>
          <div className="panel-header">{t('policy.contents')}</div>
          <ul>
            {SECTIONS.map((section) => (
              <li key={section}>
                <button type="button" onClick={() => scrollTo(section)}>
                  {t(`policy.sections.${section}.title`)}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <article className="panel ntc-article" data-testid="policy">
          <header className="ntc-article-head">
            <h1>{t('policy.title')}</h1>
            <span className="muted">{t('policy.updated')}</span>
          </header>
          <div className="ntc-content">
            <p className="ntc-abstract">{t('policy.intro')}</p>
            {SECTIONS.map((section) => (
              <section key={section} id={`terms-${section}`}>
                <h2>{t(`policy.sections.${section}.title`)}</h2>
                <p>{t(`policy.sections.${section}.text`)}</p>
              </section>
            ))}
            <p className="muted">
              <Trans
                t={t}
                i18nKey="policy.contact"
                values={{ email: SUPPORT_EMAIL }}
                components={{ mail: <a href={`mailto:${SUPPORT_EMAIL}`} /> }}
              />
            </p>
            <p>
              <Link to="/">{t('common:backHome')}</Link>
            </p>
          </div>
        </article>
      </div>
    </div>
  );
}
