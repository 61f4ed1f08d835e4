import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { roleAtLeast, useAdminAction, type Me } from './api';
import { ListTable, ReadOnlyNote, Section, TextField } from './parts';
import {
  LEVER_MARK_FIELDS,
  usePairSettings,
  useSavingsPlans,
  useSecondsOptions,
  type AdminPairSettings,
  type AdminSavingsPlan,
  type AdminSecondsOption,
} from './products-api';
import './admin-products.css';

type Draft = Record<string, string>;

/**
 * A form's fields as labelled inputs, each bound to one key of the draft; `hinted` puts each field's
 * `products.hints` text under it (what the value defends against and what it accepts).
 */
function Fields({
  draft,
  setDraft,
  names,
  prefix,
  hinted = false,
}: {
  draft: Draft;
  setDraft: (draft: Draft) => void;
  names: string[];
  prefix: string;
  hinted?: boolean;
}) {
  const { t } = useTranslation('admin');
  const field = (name: string) => (
    <TextField
      key={name}
      label={t(`products.fields.${name}`)}
      testId={`${prefix}-${name}`}
      value={draft[name] ?? ''}
      onChange={(value) => setDraft({ ...draft, [name]: value })}
    />
  );
  return (
    <>
      {names.map((name) =>
        hinted ? (
          <div key={name} className="admin-hinted-field">
            {field(name)}
            <p className="admin-field-hint" data-testid={`${prefix}-${name}-hint`}>
              {t(`products.hints.${name}`)}
            </p>
          </div>
        ) : (
          field(name)
        ),
      )}
    </>
  );
}

function StatusSelect({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (v: string) => void;
  testId: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <label className="field">
      <span className="field-label">{t('status')}</span>
      <select
        className="select input"
        data-testid={testId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="1">{t('products.offered')}</option>
        <option value="0">{t('products.withdrawn')}</option>
      </select>
    </label>
  );
}

const SPOT_FIELDS = ['maker_fee', 'taker_fee', 'min_amount', 'price_decimals', 'amount_decimals'];
const LEVER_FIELDS = [
  'multiples',
  'shares',
  'lever_min_share',
  'lever_max_share',
  'lever_share_num',
  'lever_trade_fee',
  'spread',
  'overnight',
];

const MICRO_FIELDS = [
  'micro_price_window_seconds',
  'micro_price_lookback_seconds',
  'micro_price_min_notional',
  'micro_pair_exposure_percent',
  'micro_user_exposure_percent',
];

const spotDraft = (pair: AdminPairSettings): Draft => ({
  maker_fee: pair.maker_fee,
  taker_fee: pair.taker_fee,
  min_amount: pair.min_amount,
  price_decimals: String(pair.price_decimals),
  amount_decimals: String(pair.amount_decimals),
});
const leverDraft = (pair: AdminPairSettings): Draft => ({
  ...pair.lever,
  multiples: pair.lever.multiples.join(','),
  shares: pair.lever.shares.join(','),
  lever_min_share: String(pair.lever.lever_min_share),
  lever_max_share: String(pair.lever.lever_max_share),
});

const microDraft = (pair: AdminPairSettings): Draft => ({
  ...pair.micro,
  micro_price_window_seconds: String(pair.micro.micro_price_window_seconds),
  micro_price_lookback_seconds: String(pair.micro.micro_price_lookback_seconds),
});

/** One pair's spot settings, seconds-contract options and lever options, each form saved on its own. */
function PairEditor({ pair, onClose }: { pair: AdminPairSettings; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const saveSpot = useAdminAction('products/pairs/save');
  const saveLever = useAdminAction('products/pairs/lever');
  const [spot, setSpot] = useState(() => spotDraft(pair));
  const [lever, setLever] = useState(() => leverDraft(pair));
  const saveMicro = useAdminAction('products/pairs/micro');
  const [micro, setMicro] = useState(() => microDraft(pair));
  return (
    <Section title={t('products.editPair', { symbol: pair.symbol })} testId="admin-pair-editor">
      <PairForm
        title={t('products.spot')}
        note={t('products.precisionNote')}
        onSave={() => saveSpot.mutate({ id: pair.id, ...spot })}
        first
      >
        <div className="admin-form">
          <Fields draft={spot} setDraft={setSpot} names={SPOT_FIELDS} prefix="admin-pair" />
          <SaveButton pending={saveSpot.isPending} testId="admin-pair-save" label={t('products.saveSpot')} />
        </div>
      </PairForm>
      <PairForm
        title={t('products.micro')}
        note={t('products.microNote')}
        onSave={() => saveMicro.mutate({ id: pair.id, ...micro })}
      >
        <div className="admin-form">
          <Fields draft={micro} setDraft={setMicro} names={MICRO_FIELDS} prefix="admin-micro" />
          <SaveButton
            pending={saveMicro.isPending}
            testId="admin-micro-save"
            label={t('products.saveMicro')}
          />
        </div>
      </PairForm>
      <PairForm title={t('products.lever')} onSave={() => saveLever.mutate({ id: pair.id, ...lever })}>
        <div className="admin-form">
          <Fields draft={lever} setDraft={setLever} names={LEVER_FIELDS} prefix="admin-lever" />
        </div>
        <h4 className="admin-subhead">{t('products.leverMark')}</h4>
        <div className="admin-note">{t('products.leverMarkNote')}</div>
        <div className="admin-hinted-fields">
          <Fields
            draft={lever}
            setDraft={setLever}
            names={[...LEVER_MARK_FIELDS]}
            prefix="admin-lever"
            hinted
          />
        </div>
        <div className="admin-actions">
          <SaveButton
            pending={saveLever.isPending}
            testId="admin-lever-save"
            label={t('products.saveLever')}
          />
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('products.close')}
          </button>
        </div>
      </PairForm>
    </Section>
  );
}

/** One of the pair editor's forms: a heading, an optional note, its fields, saved on its own. */
function PairForm(props: {
  title: string;
  note?: string;
  onSave: () => void;
  /** The first form of the editor has no divider above it. */
  first?: boolean;
  children: ReactNode;
}) {
  return (
    <form
      className={props.first ? 'admin-stack' : 'admin-stack admin-section admin-divided'}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave();
      }}
    >
      <h3 className="admin-subhead">{props.title}</h3>
      {props.note && <div className="admin-note">{props.note}</div>}
      {props.children}
    </form>
  );
}

function SaveButton({ pending, testId, label }: { pending: boolean; testId: string; label: string }) {
  return (
    <button type="submit" className="btn btn-primary" disabled={pending} data-testid={testId}>
      {label}
    </button>
  );
}

function PairsSection({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation('admin');
  const pairs = usePairSettings();
  const [editing, setEditing] = useState<number | null>(null);
  const current = pairs.data?.find((pair) => pair.id === editing);
  return (
    <>
      {current && <PairEditor key={current.id} pair={current} onClose={() => setEditing(null)} />}
      <Section title={t('products.pairs')} testId="admin-products-pairs">
        <div className="admin-scroll">
          <ListTable
            query={pairs}
            head={[
              t('dashboard.symbol'),
              t('products.fields.maker_fee'),
              t('products.fields.taker_fee'),
              t('products.fields.min_amount'),
              t('products.decimals'),
              t('dashboard.openOrders'),
              t('products.fields.lever_trade_fee'),
              t('products.fields.spread'),
              t('products.fields.multiples'),
              ...(canChange ? [''] : []),
            ]}
          >
            {(pair) => (
              <tr key={pair.id} data-testid="admin-settings-pair" data-symbol={pair.symbol}>
                <td>{pair.symbol}</td>
                <td data-testid="admin-pair-maker">{pair.maker_fee}</td>
                <td data-testid="admin-pair-taker">{pair.taker_fee}</td>
                <td>{pair.min_amount}</td>
                <td>
                  {pair.price_decimals} / {pair.amount_decimals}
                </td>
                <td>{pair.open_orders}</td>
                <td>{pair.lever.lever_trade_fee}%</td>
                <td>{pair.lever.spread}%</td>
                <td>{pair.lever.multiples.join(', ')}</td>
                {canChange && (
                  <td>
                    <button
                      type="button"
                      className="btn btn-sm btn-ghost"
                      data-testid="admin-pair-edit"
                      onClick={() => setEditing(pair.id)}
                    >
                      {t('products.edit')}
                    </button>
                  </td>
                )}
              </tr>
            )}
          </ListTable>
        </div>
      </Section>
    </>
  );
}

/**
 * A product list with its add-or-change form: the form adds a row (no id) or, after Edit, changes that row;
 * every row has a status (offered or withdrawn).
 */
function OptionsSection<T extends { id: number; status: number }>(props: {
  canChange: boolean;
  title: string;
  /** Names test ids (`admin-<name>-save`, `admin-<name>-row`...). */
  name: string;
  query: UseQueryResult<T[]>;
  path: string;
  fields: string[];
  empty: Draft;
  draftOf: (row: T) => Draft;
  head: string[];
  cells: (row: T) => ReactNode;
  rowData?: (row: T) => Record<string, string | number>;
}) {
  const { t } = useTranslation('admin');
  const save = useAdminAction(props.path);
  const [draft, setDraft] = useState<Draft>(props.empty);
  const reset = () => setDraft(props.empty);
  return (
    <Section title={props.title} testId={`admin-products-${props.name}`}>
      {props.canChange && (
        <form
          className="admin-form admin-section"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(draft, { onSuccess: reset });
          }}
        >
          <Fields draft={draft} setDraft={setDraft} names={props.fields} prefix={`admin-${props.name}`} />
          <StatusSelect
            value={draft.status ?? '1'}
            onChange={(status) => setDraft({ ...draft, status })}
            testId={`admin-${props.name}-status`}
          />
          <button
            type="submit"
            className="btn btn-primary"
            disabled={save.isPending}
            data-testid={`admin-${props.name}-save`}
          >
            {draft.id ? t('products.saveChanges') : t('products.add')}
          </button>
          {draft.id && (
            <button type="button" className="btn btn-ghost" onClick={reset}>
              {t('products.cancel')}
            </button>
          )}
        </form>
      )}
      <ListTable query={props.query} head={[...props.head, t('status'), ...(props.canChange ? [''] : [])]}>
        {(row) => (
          <tr key={row.id} data-testid={`admin-${props.name}-row`} {...props.rowData?.(row)}>
            {props.cells(row)}
            <td className={row.status === 1 ? 'up' : 'muted'}>
              {row.status === 1 ? t('products.offered') : t('products.withdrawn')}
            </td>
            {props.canChange && (
              <td>
                <button
                  type="button"
                  className="btn btn-sm btn-ghost"
                  data-testid={`admin-${props.name}-edit`}
                  onClick={() => setDraft(props.draftOf(row))}
                >
                  {t('products.edit')}
                </button>
              </td>
            )}
          </tr>
        )}
      </ListTable>
    </Section>
  );
}

const secondsDraft = (row: AdminSecondsOption): Draft => ({
  id: String(row.id),
  seconds: String(row.seconds),
  profit_ratio: row.profit_ratio,
  min_amount: row.min_amount,
  max_amount: row.max_amount,
  status: String(row.status),
});

function SecondsSection({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <OptionsSection
      canChange={canChange}
      title={t('products.seconds')}
      name="seconds"
      query={useSecondsOptions()}
      path="products/seconds/save"
      fields={['seconds', 'profit_ratio', 'min_amount', 'max_amount']}
      empty={{ seconds: '', profit_ratio: '', min_amount: '0', max_amount: '0', status: '1' }}
      draftOf={secondsDraft}
      head={['seconds', 'profit_ratio', 'min_amount', 'max_amount'].map((field) =>
        t(`products.fields.${field}`),
      )}
      rowData={(row) => ({ 'data-seconds': row.seconds })}
      cells={(row) => (
        <>
          <td>{row.seconds}s</td>
          <td data-testid="admin-seconds-ratio">{row.profit_ratio}%</td>
          <td>{row.min_amount}</td>
          <td>{row.max_amount}</td>
        </>
      )}
    />
  );
}

const planDraft = (row: AdminSavingsPlan): Draft => ({
  id: String(row.id),
  currency: row.currency,
  day: String(row.day),
  rate: row.rate,
  save_min: row.save_min,
  status: String(row.status),
});

function SavingsSection({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <OptionsSection
      canChange={canChange}
      title={t('products.savings')}
      name="savings"
      query={useSavingsPlans()}
      path="products/savings/save"
      fields={['currency', 'day', 'rate', 'save_min']}
      empty={{ currency: 'USDT', day: '', rate: '', save_min: '', status: '1' }}
      draftOf={planDraft}
      head={[t('currency'), ...['day', 'rate', 'save_min'].map((field) => t(`products.fields.${field}`))]}
      cells={(row) => (
        <>
          <td>{row.currency}</td>
          <td>{row.day}</td>
          <td>{row.rate}%</td>
          <td>{row.save_min}</td>
        </>
      )}
    />
  );
}

/**
 * Products: every pair's fees, minimum and precisions with its lever options, the seconds-contract durations
 * and the savings plans. Admins change them; other roles read.
 */
export default function ProductsPage() {
  const me = useOutletContext<Me>();
  const canChange = roleAtLeast(me.role, 'admin');
  return (
    <>
      {!canChange && <ReadOnlyNote />}
      <PairsSection canChange={canChange} />
      <SecondsSection canChange={canChange} />
      <SavingsSection canChange={canChange} />
    </>
  );
}
