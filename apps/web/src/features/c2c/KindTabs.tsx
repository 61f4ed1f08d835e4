import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isKind, type Kind } from './rules';
import { Tabs } from '../../components/Tabs';

/** The `kind` query parameter of a P2P screen: `c2c` (users' ads) unless it says `shop`. */
export function useKindParam(): Kind {
  const [params] = useSearchParams();
  const kind = params.get('kind');
  return isKind(kind) ? kind : 'c2c';
}

/** P2P ads or sellers' shop ads, kept in the `kind` query parameter (other parameters reset). */
export function KindTabs() {
  const { t } = useTranslation('c2c');
  const [, setParams] = useSearchParams();
  const kind = useKindParam();
  return (
    <Tabs
      className="pill-tabs"
      tabClassName="pill-tab"
      items={['c2c', 'shop'] as const}
      value={kind}
      onChange={(item) => setParams(item === 'c2c' ? {} : { kind: item }, { replace: true })}
      label={(item) => t(`kind.${item}`)}
      testId={(item) => `kind-${item}`}
    />
  );
}
