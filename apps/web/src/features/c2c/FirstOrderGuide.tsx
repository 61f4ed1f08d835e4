import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '../../components/Modal';
import { withReturnPath } from '../../lib/return-path';
import { nextStep, READINESS_STEPS, STEP_ROUTES, type ReadinessStep, type StepState } from './rules';

/**
 * Before a first order: what is still to do, in order, and a button to the next step. Each step's screen
 * comes back to `back` (the ad), which asks again until nothing is left and the order dialog opens.
 */
export function FirstOrderGuide({
  states,
  back,
  onClose,
}: {
  states: Record<ReadinessStep, StepState>;
  back: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('c2c');
  const next = nextStep(states);
  return (
    <Modal
      title={t('guide.title')}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('common:action.cancel')}
          </button>
          {next && (
            <Link
              to={withReturnPath(STEP_ROUTES[next], back)}
              className="btn btn-primary"
              data-testid="c2c-guide-go"
              data-step={next}
            >
              {t(`guide.go.${next}`)}
            </Link>
          )}
        </>
      }
    >
      <p className="muted c2c-guide-intro">{t('guide.intro')}</p>
      <ol className="c2c-guide-steps" data-testid="c2c-guide">
        {READINESS_STEPS.map((step, index) => (
          <li
            key={step}
            className={`c2c-guide-step ${states[step]}${step === next ? ' next' : ''}`}
            data-testid={`c2c-guide-${step}`}
            data-state={states[step]}
          >
            <span className="c2c-guide-number num">{states[step] === 'done' ? '✓' : index + 1}</span>
            <span className="c2c-guide-text">
              <strong>{t(`guide.step.${step}`)}</strong>
              <span className="muted">{t(`guide.why.${step}`)}</span>
            </span>
            <span className={`badge${states[step] === 'done' ? ' badge-up' : ''}`}>
              {t(`guide.state.${states[step]}`)}
            </span>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
