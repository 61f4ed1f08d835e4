import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { timeColumn } from '../../components/tableColumns';
import { Field } from '../../components/Field';
import { toast } from '../../lib/notify';
import { roleAtLeast, useAdminAction, useNotices, type Me, type NoticeRow } from './api';
import { SelectField } from './forms';
import { ListSection } from './list';
import { LanguageField, NewsForm, useNewsRowActions } from './news';
import { noticeDetail } from './products-api';

const CATEGORIES = [4, 11, 5, 10] as const;
// `id` set: the form edits that notice in place (its text read through the public detail call).
const empty = { id: '', c_id: '11', lang: 'en', title: '', abstract: '', content: '' };

/** Notices per language for the client's notice list, home strip and banners; support publishes them. */
export default function NoticesPage() {
  const { t } = useTranslation('admin');
  const me = useOutletContext<Me>();
  const canEdit = roleAtLeast(me.role, 'support');
  const save = useAdminAction('notices/save');
  const [draft, setDraft] = useState(empty);
  const edit = (row: NoticeRow) => {
    noticeDetail(row.id)
      .then((notice) =>
        setDraft({
          id: String(row.id),
          c_id: String(row.c_id),
          lang: row.lang,
          title: notice.title,
          abstract: notice.abstract,
          content: notice.content,
        }),
      )
      .catch((error: unknown) => toast(error instanceof Error ? error.message : String(error), 'error'));
  };
  const actions = useNewsRowActions('notice', edit);
  const category = (id: number) =>
    CATEGORIES.includes(id as 4) ? t(`notices.categories.c${id}`) : String(id);

  return (
    <>
      <NewsForm
        kind="notice"
        draft={draft}
        setDraft={setDraft}
        settings={
          <>
            <SelectField
              label={t('notices.category')}
              testId="admin-notice-category"
              options={CATEGORIES}
              optionLabel={category}
              value={draft.c_id}
              onChange={(c_id) => setDraft({ ...draft, c_id })}
            />
            <LanguageField
              testId="admin-notice-lang"
              value={draft.lang}
              onChange={(lang) => setDraft({ ...draft, lang })}
            />
          </>
        }
        canEdit={canEdit}
        editing={draft.id !== ''}
        titles={{ edit: t('notices.editTitle'), publish: t('notices.publishTitle') }}
        publishLabel={t('notices.publish')}
        pending={save.isPending}
        onSubmit={() => {
          const { id, ...fields } = draft;
          save.mutate(id ? draft : fields, { onSuccess: () => setDraft(empty) });
        }}
        onCancel={() => setDraft(empty)}
      >
        <Field label={t('notices.content')}>
          <textarea
            className="input"
            rows={4}
            data-testid="admin-notice-content"
            value={draft.content}
            onChange={(event) => setDraft({ ...draft, content: event.target.value })}
          />
        </Field>
      </NewsForm>
      <ListSection
        title={t('nav.notices')}
        sectionTestId="admin-notices"
        query={useNotices()}
        rowTestId="admin-notice-row"
        columns={[
          { header: t('notices.heading'), cell: (row) => row.title },
          { header: t('notices.category'), cell: (row) => category(row.c_id) },
          { header: t('notices.lang'), cell: (row) => row.lang },
          timeColumn<NoticeRow>(t('time'), (row) => row.update_time),
        ]}
        actions={canEdit && actions}
      />
    </>
  );
}
