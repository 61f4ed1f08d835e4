import { useTranslation } from 'react-i18next';
import { Tabs } from '../../components/Tabs';

/** Document 2, section 2: crypto (changeIndex 0) versus the online-payment channel (1). */
export type Channel = 'crypto' | 'payment';

export function ChannelSwitch({ value, onChange }: { value: Channel; onChange: (channel: Channel) => void }) {
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
