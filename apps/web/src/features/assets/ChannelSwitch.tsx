import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Tabs } from '../../components/Tabs';

/** Document 2, section 2: crypto (changeIndex 0) versus the online-payment channel (1). */
export type Channel = 'crypto' | 'payment';

function ChannelSwitch({ value, onChange }: { value: Channel; onChange: (channel: Channel) => void }) {
  const { t } = useTranslation('assets');
  return (
    <Tabs
      className="assets-channels"
      tabClassName="assets-channel"
      items={['crypto', 'payment'] as const}
      value={value}
      onChange={onChange}
      label={(channel) => t(`channel.${channel}`)}
      testId={(channel) => `channel-${channel}`}
    />
  );
}

/**
 * The deposit or withdrawal panel of one coin: its title, the channel tabs, its links and the chosen channel's
 * form. Opened under a coin row, it links to the same panel as a page of its own (`openPage`); as that page
 * it stands alone.
 */
export function ChannelPanel({
  testId,
  title,
  asPage,
  links,
  openPage,
  children,
}: {
  testId: string;
  title: ReactNode;
  asPage: boolean;
  links?: ReactNode;
  openPage: { to: string; testId: string };
  children: (channel: Channel) => ReactNode;
}) {
  const { t } = useTranslation('assets');
  const [channel, setChannel] = useState<Channel>('crypto');
  return (
    <div className={`assets-panel${asPage ? ' assets-panel-page' : ''}`} data-testid={testId}>
      <div className="assets-panel-head">
        <strong>{title}</strong>
        <ChannelSwitch value={channel} onChange={setChannel} />
        {links}
        {!asPage && (
          <Link to={openPage.to} className="btn-link" data-testid={openPage.testId}>
            {t('pages.openPage')}
          </Link>
        )}
      </div>
      {children(channel)}
    </div>
  );
}
