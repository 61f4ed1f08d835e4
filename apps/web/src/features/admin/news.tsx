import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminAction } from './api';
import { DraftButtons, DraftFields, Form, SelectField } from './forms';
import type { RowAction } from './list';
import { ReadOnlyNote, Section } from './parts';

/** The languages a notice or a banner is written in (one item per language). */
const LANGUAGES = ['en', 'zh', 'hk', 'jp', 'kor', 'th', 'ind'] as const;

/** What a notice and a banner (news of category 5) are both called: their test ids say `admin-<kind>-...`. */
type NewsKind = 'notice' | 'banner';

const HEADING = ['title', 'abstract'] as const;
type Heading = Record<(typeof HEADING)[number], string>;

/**
 * The form that publishes a news item or, after Edit, changes it; support only (others read a note). Its
 * first row holds the kind's settings (`settings`: language, category, order), then come the heading, the
 * kind's own fields (children) and the buttons.
 */
export function NewsForm<Draft extends Heading>(props: {
  kind: NewsKind;
  draft: Draft;
  setDraft: (draft: Draft) => void;
  settings: ReactNode;
  canEdit: boolean;
  editing: boolean;
  titles: { edit: string; publish: string };
  publishLabel: string;
  pending: boolean;
  incomplete?: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  if (!props.canEdit) return <ReadOnlyNote />;
  return (
    <Section
      title={props.editing ? props.titles.edit : props.titles.publish}
      testId={`admin-${props.kind}-form`}
    >
      <Form className="admin-stack" onSubmit={props.onSubmit}>
        <div className="admin-form">{props.settings}</div>
        <HeadingFields kind={props.kind} draft={props.draft} setDraft={props.setDraft} />
        {props.children}
        <div className="admin-actions">
          <DraftButtons
            editing={props.editing}
            pending={props.pending}
            incomplete={props.incomplete}
            addLabel={props.publishLabel}
            testId={`admin-${props.kind}-publish`}
            onCancel={props.onCancel}
          />
        </div>
      </Form>
    </Section>
  );
}

/** A news item's language; as a filter of the list, `all` names the choice of every language. */
export function LanguageField(props: {
  value: string;
  onChange: (lang: string) => void;
  testId: string;
  all?: string;
}) {
  const { t } = useTranslation('admin');
  return <SelectField label={t('notices.lang')} options={LANGUAGES} {...props} />;
}

/** The heading and the abstract every news item has. */
function HeadingFields<Draft extends Heading>(props: {
  kind: NewsKind;
  draft: Draft;
  setDraft: (draft: Draft) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <DraftFields
      draft={props.draft}
      setDraft={props.setDraft}
      names={HEADING}
      label={(name) => t(name === 'title' ? 'notices.heading' : 'notices.abstract')}
      prefix={`admin-${props.kind}`}
    />
  );
}

/** A news row's buttons: edit it in the form above, or delete it (a banner is a notice to the server). */
export function useNewsRowActions<Row extends { id: number }>(kind: NewsKind, edit: (row: Row) => void) {
  const { t } = useTranslation('admin');
  const remove = useAdminAction('notices/delete');
  return (row: Row): RowAction[] => [
    { label: t('products.edit'), testId: `admin-${kind}-edit`, onClick: () => edit(row) },
    {
      label: t('notices.delete'),
      testId: `admin-${kind}-delete`,
      disabled: remove.isPending,
      onClick: () => remove.mutate({ id: row.id }),
    },
  ];
}
