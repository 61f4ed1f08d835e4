import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface SignInPromptProps {
  /** Why the screen needs a user, in the area's words. */
  reason: ReactNode;
  /** The area's layout of the prompt (an overlay, a panel, a row). */
  className: string;
  testId?: string;
}

/** What a trading screen shows a visitor where its form would be: the reason, and the ways in. */
export function SignInPrompt({ reason, className, testId }: SignInPromptProps) {
  const { t } = useTranslation();
  return (
    <div className={`sign-in-prompt ${className}`} data-testid={testId}>
      <span className="sign-in-reason">{reason}</span>
      <div className="sign-in-actions">
        <Link to="/components/login" className="btn btn-primary btn-sm">
          {t('nav.login')}
        </Link>
        <Link to="/components/register" className="btn btn-ghost btn-sm">
          {t('nav.register')}
        </Link>
      </div>
    </div>
  );
}
