import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import type { Column } from '../../components/DataTable';
import { roleAtLeast, useAdminAction, type Me } from './api';
import { DraftButtons, DraftFields, Form, SelectField } from './forms';
import { ListSection, ListTable } from './list';
import { ReadOnlyNote, Section } from './parts';
import {
  LEVER_MARK_FIELDS,
  usePairSettings,
  useInsuranceTypes,
  useSavingsPlans,
  useSecondsOptions,
  type AdminInsuranceType,
  type AdminPairSettings,
  type AdminSavingsPlan,
  type AdminSecondsOption,
} from './products-api';
import './admin-products.css';

type Draft = Record<string, string>;
/** A product's status: offered (1) or withdrawn (0). */
const OFFERED = ['1', '0'] as const;

/**
 * A product's fields, labelled by their names (`products.fields`); `hinted` puts each one's `products.hints`
 * text under it.
 */
function Fields({
  hinted = false,
  ...fields
}: {
  draft: Draft;
  setDraft: (draft: Draft) => void;
  names: readonly string[];
  prefix: string;
  hinted?: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <DraftFields
      {...fields}
      label={(name) => t(`products.fields.${name}`)}
      hint={hinted ? (name) => t(`products.hints.${name}`) : undefined}
    />
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
          <Fields draft={lever} setDraft={setLever} names={LEVER_MARK_FIELDS} prefix="admin-lever" hinted />
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
    <Form
      className={props.first ? 'admin-stack' : 'admin-stack admin-section admin-divided'}
      onSubmit={props.onSave}
    >
      <h3 className="admin-subhead">{props.title}</h3>
      {props.note && <div className="admin-note">{props.note}</div>}
      {props.children}
    </Form>
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
            rowTestId="admin-settings-pair"
            rowProps={(pair) => ({ 'data-symbol': pair.symbol })}
            columns={[
              { header: t('dashboard.symbol'), cell: (pair) => pair.symbol },
              {
                header: t('products.fields.maker_fee'),
                cell: (pair) => <span data-testid="admin-pair-maker">{pair.maker_fee}</span>,
              },
              {
                header: t('products.fields.taker_fee'),
                cell: (pair) => <span data-testid="admin-pair-taker">{pair.taker_fee}</span>,
              },
              { header: t('products.fields.min_amount'), cell: (pair) => pair.min_amount },
              {
                header: t('products.decimals'),
                cell: (pair) => `${pair.price_decimals} / ${pair.amount_decimals}`,
              },
              { header: t('dashboard.openOrders'), cell: (pair) => pair.open_orders },
              {
                header: t('products.fields.lever_trade_fee'),
                cell: (pair) => `${pair.lever.lever_trade_fee}%`,
              },
              { header: t('products.fields.spread'), cell: (pair) => `${pair.lever.spread}%` },
              { header: t('products.fields.multiples'), cell: (pair) => pair.lever.multiples.join(', ') },
            ]}
            actions={
              canChange &&
              ((pair) => [
                { label: t('products.edit'), testId: 'admin-pair-edit', onClick: () => setEditing(pair.id) },
              ])
            }
          />
        </div>
      </Section>
    </>
  );
}

/**
 * A product list with its add-or-change form: the form adds a row (no id) or, after Edit, changes that row;
 * every row has a status (offered or withdrawn). The form's fields are those of `empty`, the list's title,
 * test ids (`admin-<name>-save`, `admin-<name>-row`...) and save call (`products/<name>/save`) its name's.
 */
function OptionsSection<T extends { id: number; status: number }>(props: {
  canChange: boolean;
  name: 'seconds' | 'savings' | 'insurance';
  query: UseQueryResult<T[]>;
  /** A new row's fields, its status last. */
  empty: Draft;
  /** The row's own columns; its status and the edit button follow. */
  columns: Column<T>[];
  rowData?: (row: T) => Record<`data-${string}`, string | number>;
}) {
  const { t } = useTranslation('admin');
  const path: string = `products/${props.name}/save`;
  const save = useAdminAction(path);
  const fields = Object.keys(props.empty).filter((field) => field !== 'status');
  const [draft, setDraft] = useState<Draft>(props.empty);
  const reset = () => setDraft(props.empty);
  const edit = (row: T) =>
    setDraft(
      Object.fromEntries(['id', ...fields, 'status'].map((field) => [field, String(row[field as keyof T])])),
    );
  return (
    <ListSection
      title={t(`products.${props.name}`)}
      sectionTestId={`admin-products-${props.name}`}
      controls={
        props.canChange && (
          <Form
            className="admin-form admin-section"
            onSubmit={() => save.mutate(draft, { onSuccess: reset })}
          >
            <Fields draft={draft} setDraft={setDraft} names={fields} prefix={`admin-${props.name}`} />
            <SelectField
              label={t('status')}
              testId={`admin-${props.name}-status`}
              options={OFFERED}
              optionLabel={(status) => (status === '1' ? t('products.offered') : t('products.withdrawn'))}
              value={draft.status ?? '1'}
              onChange={(status) => setDraft({ ...draft, status })}
            />
            <DraftButtons
              editing={Boolean(draft.id)}
              pending={save.isPending}
              addLabel={t('products.add')}
              testId={`admin-${props.name}-save`}
              onCancel={reset}
            />
          </Form>
        )
      }
      query={props.query}
      rowTestId={`admin-${props.name}-row`}
      rowProps={props.rowData}
      columns={[
        ...props.columns,
        {
          header: t('status'),
          cell: (row) => (
            <span className={row.status === 1 ? 'up' : 'muted'}>
              {row.status === 1 ? t('products.offered') : t('products.withdrawn')}
            </span>
          ),
        },
      ]}
      actions={
        props.canChange &&
        ((row) => [
          { label: t('products.edit'), testId: `admin-${props.name}-edit`, onClick: () => edit(row) },
        ])
      }
    />
  );
}

/** The seconds contracts' durations and insurance types, and the savings plans, each with its own columns. */
function ProductLists({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation('admin');
  const field = (name: string) => t(`products.fields.${name}`);
  return (
    <>
      <OptionsSection<AdminSecondsOption>
        canChange={canChange}
        name="seconds"
        query={useSecondsOptions()}
        empty={{ seconds: '', profit_ratio: '', min_amount: '0', max_amount: '0', status: '1' }}
        rowData={(row) => ({ 'data-seconds': row.seconds })}
        columns={[
          { header: field('seconds'), cell: (row) => `${row.seconds}s` },
          {
            header: field('profit_ratio'),
            cell: (row) => <span data-testid="admin-seconds-ratio">{row.profit_ratio}%</span>,
          },
          { header: field('min_amount'), cell: (row) => row.min_amount },
          { header: field('max_amount'), cell: (row) => row.max_amount },
        ]}
      />
      <OptionsSection<AdminInsuranceType>
        canChange={canChange}
        name="insurance"
        query={useInsuranceTypes()}
        empty={{
          currency: 'HAP',
          name: '',
          min_quantity: '1',
          max_quantity: '',
          unit_amount: '',
          premium_rate: '',
          claim_rate: '',
          status: '1',
        }}
        rowData={(row) => ({ 'data-name': row.name })}
        columns={[
          { header: t('currency'), cell: (row) => row.currency },
          { header: field('name'), cell: (row) => row.name },
          { header: field('quantities'), cell: (row) => `${row.min_quantity}-${row.max_quantity}` },
          { header: field('unit_amount'), cell: (row) => row.unit_amount, className: 'num' },
          { header: field('premium_rate'), cell: (row) => row.premium_rate, className: 'num' },
          { header: field('claim_rate'), cell: (row) => row.claim_rate, className: 'num' },
          { header: field('active_positions'), cell: (row) => row.active_positions, className: 'num' },
        ]}
      />
      <OptionsSection<AdminSavingsPlan>
        canChange={canChange}
        name="savings"
        query={useSavingsPlans()}
        empty={{ currency: 'USDT', day: '', rate: '', save_min: '', status: '1' }}
        columns={[
          { header: t('currency'), cell: (row) => row.currency },
          { header: field('day'), cell: (row) => row.day },
          { header: field('rate'), cell: (row) => `${row.rate}%` },
          { header: field('save_min'), cell: (row) => row.save_min },
        ]}
      />
    </>
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
      <ProductLists canChange={canChange} />
    </>
  );
}
