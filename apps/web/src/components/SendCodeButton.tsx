import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface SendCodeButtonProps {
  /** Sends the code; resolves true when the server accepted, which starts the countdown. */
  onSend: () => Promise<boolean>;
  /** 60 s normally, 31 s on password reset (document 1, section 4). */
  seconds?: number;
  disabled?: boolean;
}

/** The send-code button with its resend countdown. */
export function SendCodeButton({ onSend, seconds = 60, disabled = false }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const [remaining, setRemaining] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const send = async () => {
    setSending(true);
    try {
      if (await onSend()) setRemaining(seconds);
    } finally {
      setSending(false);
    }
  };

  return (
    <button
      type="button"
      className="btn btn-link btn-sm"
      data-testid="send-code"
      disabled={disabled || sending || remaining > 0}
      onClick={() => void send()}
    >
      {remaining > 0 ? t('action.resendIn', { seconds: remaining }) : t('action.sendCode')}
    </button>
  );
}
