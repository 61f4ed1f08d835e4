import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NewsItem } from '@exchange/contracts';
import { NEWS_CATEGORY, useNewsList } from '../../api/news';
import { SUPPORT_EMAIL } from './account';
import { AndroidIcon, AppleIcon, LogoMark, MailIcon } from '../../components/icons';
import './shell.css';

const FOOTER_LINKS = 8;

/** Article links, app downloads, copyright and the risk note (document 1, section 2.3). */
export function Footer() {
  const { t } = useTranslation('shell');
  const about = useNewsList(NEWS_CATEGORY.footerAbout, 1, FOOTER_LINKS);
  const support = useNewsList(NEWS_CATEGORY.footerSupport, 1, FOOTER_LINKS);
  const version = (about.data ?? support.data)?.version.value[0];
  const iosUrl = version?.ios_url?.trim() ?? '';
  const androidUrl = version?.android_url?.trim() ?? '';
  const year = new Date().getFullYear();
  const apps = [
    { url: iosUrl, icon: <AppleIcon />, label: t('footer.ios'), testId: 'download-ios' },
    { url: androidUrl, icon: <AndroidIcon />, label: t('footer.android'), testId: 'download-android' },
  ];

  return (
    <footer className="ftr">
      <div className="container">
        <div className="ftr-grid">
          <div className="ftr-brand">
            <Link to="/" className="hdr-logo">
              <LogoMark />
              <span>{t('common:appName')}</span>
            </Link>
            <p className="ftr-tagline">{t('footer.tagline')}</p>
            <a className="ftr-contact" href={`mailto:${SUPPORT_EMAIL}`}>
              <MailIcon size={15} />
              {SUPPORT_EMAIL}
            </a>
          </div>
          <FooterColumn title={t('footer.about')} items={about.data?.list} loading={about.isPending} />
          <FooterColumn title={t('footer.support')} items={support.data?.list} loading={support.isPending}>
            <li>
              <Link to="/noticeList">{t('common:nav.notices')}</Link>
            </li>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`}>{t('footer.contact')}</a>
            </li>
          </FooterColumn>
          {apps.some((app) => app.url) && (
            <div className="ftr-col">
              <h4>{t('footer.download')}</h4>
              <div className="ftr-apps">
                {apps
                  .filter((app) => app.url)
                  .map((app) => (
                    <a
                      key={app.testId}
                      className="ftr-app"
                      href={app.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      data-testid={app.testId}
                    >
                      {app.icon}
                      {app.label}
                    </a>
                  ))}
              </div>
            </div>
          )}
        </div>
        <div className="ftr-bottom">
          <p className="ftr-risk">{t('footer.riskNote')}</p>
          <div className="ftr-legal">
            <span>{t('footer.copyright', { year, name: t('common:appName') })}</span>
            <Link to="/policy">{t('footer.terms')}</Link>
          </div>
        </div>
      </div>
    </footer>
  );
}

function FooterColumn({
  title,
  items,
  loading,
  children,
}: {
  title: string;
  items: NewsItem[] | undefined;
  loading: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="ftr-col">
      <h4>{title}</h4>
      <ul>
        {loading && (
          <li className="ftr-skeleton" aria-hidden="true">
            <span />
            <span />
          </li>
        )}
        {items?.map((item) => (
          <li key={item.id}>
            <Link to={`/noticeDetail?id=${item.id}`}>{item.title}</Link>
          </li>
        ))}
        {children}
      </ul>
    </div>
  );
}
