import { useTranslation } from 'react-i18next';

/** Document 2, section 2: crypto (changeIndex 0) versus the online-payment channel (1). */
export type Channel = 'crypto' | 'payment';

export function ChannelSwitch({ value, onChange }: { value: Channel; onChange: (channel: Channel) => void }) {
  const { t } = useTranslation('assets');
  return (
    <div className="assets-channels" role="tablist">
      {(['crypto', 'payment'] as const).map((channel) => (
        <button
          key={channel}
          type="button"
          role="tab"
          aria-selected={value === channel}
          className={`assets-channel${value === channel ? ' active' : ''}`}
          onClick={() => onChange(channel)}
          data-testid={`channel-${channel}`}
        >
          {t(`channel.${channel}`)}
        </button>
      ))}
    </div>
  );
}
