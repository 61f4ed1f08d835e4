import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useQuotations, type QuotationGroup } from '../../api/markets';
import { NEWS_CATEGORY, useNewsList } from '../../api/news';
import { useUserInfo } from '../../api/user';
import { direction, formatChange, formatFixed } from '../../lib/format';
import { useToken } from '../../lib/session';
import { BannerCarousel } from './BannerCarousel';
import { BoltIcon, ChevronRightIcon, ServerIcon, ShieldIcon, SpeakerIcon } from '../../components/icons';
import { marketStats, tilePairs } from './market-table';
import { MarketTable } from './MarketTable';
import { MarketTiles } from './MarketTiles';
import './home.css';

const HOME_TABLE_ROWS = 10;
const STRIP_NOTICES = 3;

/** The home screen (document 1, section 2.3). */
export default function HomePage() {
  const { t } = useTranslation('home');
  const quotations = useQuotations();
  const groups = quotations.data;

  return (
    <div className="home">
      <section className="home-hero">
        <div className="container home-hero-grid">
          <Hero groups={groups} />
          <BannerCarousel />
        </div>
      </section>
      <NoticeStrip />
      <div className="container home-body">
        <MarketTiles pairs={tilePairs(groups)} loading={quotations.isPending} />
        <MarketTable
          groups={groups}
          loading={quotations.isPending}
          error={quotations.isError}
          onRetry={() => void quotations.refetch()}
          limit={HOME_TABLE_ROWS}
          title={<h2 className="mkt-title">{t('table.title')}</h2>}
          more={
            <Link to="/allmarket" className="btn-link home-more">
              {t('table.viewAll')}
              <ChevronRightIcon size={14} />
            </Link>
          }
        />
        <Blurbs />
      </div>
    </div>
  );
}

/** Where a signed-in member goes from the hero: trading first, then the assets. */
const MEMBER_LINKS = [
  { to: '/dealCenter', className: 'btn-primary', label: 'hero.trade' },
  { to: '/dealFinance', className: 'btn-ghost', label: 'hero.assets' },
] as const;

function Hero({ groups }: { groups: QuotationGroup[] | undefined }) {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const signedIn = useToken() !== null;
  const user = useUserInfo().data;
  const stats = marketStats(groups);
  const gainerMove = direction(stats.topGainer?.change);
  const [account, setAccount] = useState('');

  const signUp = (event: FormEvent) => {
    event.preventDefault();
    const value = account.trim();
    void navigate(
      value ? `/components/register?haccount=${encodeURIComponent(value)}` : '/components/register',
    );
  };

  return (
    <div className="home-hero-copy">
      {signedIn ? (
        <>
          <h1>{t('hero.welcome')}</h1>
          {user && (
            <p className="home-hero-account">
              <span className="home-hero-avatar">{user.account.slice(0, 1).toUpperCase()}</span>
              <span>{user.account}</span>
              <span className="muted num">{t('hero.uid', { id: user.id })}</span>
            </p>
          )}
          <p className="home-hero-sub">{t('hero.memberSubtitle')}</p>
          <div className="home-hero-actions">
            {MEMBER_LINKS.map((link) => (
              <Link key={link.to} to={link.to} className={`btn ${link.className} home-hero-btn`}>
                {t(link.label)}
              </Link>
            ))}
          </div>
        </>
      ) : (
        <>
          <h1>{t('hero.title')}</h1>
          <p className="home-hero-sub">{t('hero.subtitle')}</p>
          <form className="home-hero-form" onSubmit={signUp}>
            <input
              className="input"
              value={account}
              onChange={(event) => setAccount(event.target.value)}
              placeholder={t('hero.placeholder')}
              aria-label={t('hero.placeholder')}
              autoComplete="email"
              maxLength={64}
            />
            <button type="submit" className="btn btn-primary home-hero-btn">
              {t('hero.signUp')}
            </button>
          </form>
          <p className="home-hero-login muted">
            {t('hero.haveAccount')} <Link to="/components/login">{t('hero.login')}</Link>
          </p>
        </>
      )}
      <dl className="home-stats">
        <div>
          <dt>{t('hero.statMarkets')}</dt>
          <dd className="num">{groups ? stats.pairs : '--'}</dd>
        </div>
        <div>
          <dt>{t('hero.statGainer')}</dt>
          <dd className="num">
            {stats.topGainer ? (
              <>
                {stats.topGainer.currency_name}{' '}
                <span className={gainerMove > 0 ? 'up' : gainerMove < 0 ? 'down' : ''}>
                  {formatChange(stats.topGainer.change)}
                </span>
              </>
            ) : (
              '--'
            )}
          </dd>
        </div>
        <div>
          <dt>{t('hero.statTurnover')}</dt>
          <dd className="num">{groups ? formatFixed(stats.usdtTurnover, 2) : '--'}</dd>
        </div>
      </dl>
    </div>
  );
}

function NoticeStrip() {
  const { t } = useTranslation('home');
  const notices = useNewsList(NEWS_CATEGORY.headerNotices, 1, STRIP_NOTICES);
  const list = notices.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <div className="home-notices">
      <div className="container home-notices-inner">
        <SpeakerIcon />
        <span className="home-notices-label">{t('notice.latest')}</span>
        <ul>
          {list.slice(0, STRIP_NOTICES).map((item) => (
            <li key={item.id}>
              <Link to={`/noticeDetail?id=${item.id}`}>{item.title}</Link>
            </li>
          ))}
        </ul>
        <Link to="/noticeList" className="home-notices-more">
          {t('notice.more')}
          <ChevronRightIcon size={14} />
        </Link>
      </div>
    </div>
  );
}

function Blurbs() {
  const { t } = useTranslation('home');
  const items = [
    { key: 'safe', icon: <ShieldIcon size={26} /> },
    { key: 'reliable', icon: <ServerIcon size={26} /> },
    { key: 'fast', icon: <BoltIcon size={26} /> },
  ];
  return (
    <section className="blurbs">
      <h2>{t('blurbs.title')}</h2>
      <div className="blurbs-grid">
        {items.map((item) => (
          <article key={item.key} className="blurb">
            <span className="blurb-icon">{item.icon}</span>
            <h3>{t(`blurbs.${item.key}.title`)}</h3>
            <p>{t(`blurbs.${item.key}.text`)}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
