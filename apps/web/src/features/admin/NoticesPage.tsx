import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { roleAtLeast, useAdminAction, useNotices, type Me, type NoticeRow } from './api';
import { ActionsCell, formatTime, ReadOnlyNote, Section, TextField, ListTable } from './parts';
import { noticeDetail } from './products-api';
import { toast } from '../../lib/notify';

const CATEGORIES = [4, 11, 5, 10] as const;
const LANGUAGES = ['en', 'zh', 'hk', 'jp', 'kor', 'th', 'ind'] as const;

/** Notices per language for the client's notice list, home strip and banners; support publishes them. */
export default function NoticesPage() {
  const { t } = useTranslation('admin');
  const me = useOutletContext<Me>();
  const canEdit = roleAtLeast(me.role, 'support');
  const notices = useNotices();
  const save = useAdminAction('notices/save');
  const remove = useAdminAction('notices/delete');
  // `id` set: the form edits that notice in place (its text read through the public detail call).
  const empty = { id: '', c_id: '11', lang: 'en', title: '', abstract: '', content: '' };
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
  const set = (name: keyof typeof draft) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [name]: event.target.value });

  return (
    <>
      {canEdit ? (
        <Section
          title={draft.id ? t('notices.editTitle') : t('notices.publishTitle')}
          testId="admin-notice-form"
        >
          <form
            className="admin-stack"
            onSubmit={(event) => {
              event.preventDefault();
              const { id, ...fields } = draft;
              save.mutate(id ? draft : fields, { onSuccess: () => setDraft(empty) });
            }}
          >
            <div className="admin-form">
              <label className="field">
                <span className="field-label">{t('notices.category')}</span>
                <select
                  className="select input"
                  data-testid="admin-notice-category"
                  value={draft.c_id}
                  onChange={set('c_id')}
                >
                  {CATEGORIES.map((id) => (
                    <option key={id} value={id}>
                      {t(`notices.categories.c${id}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field">
                <span className="field-label">{t('notices.lang')}</span>
                <select
                  className="select input"
                  data-testid="admin-notice-lang"
                  value={draft.lang}
                  onChange={set('lang')}
                >
                  {LANGUAGES.map((lang) => (
                    <option key={lang} value={lang}>
                      {lang}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <TextField
              label={t('notices.heading')}
              testId="admin-notice-title"
              value={draft.title}
              onChange={(value) => setDraft({ ...draft, title: value })}
            />
            <TextField
              label={t('notices.abstract')}
              testId="admin-notice-abstract"
              value={draft.abstract}
              onChange={(value) => setDraft({ ...draft, abstract: value })}
            />
            <label className="field">
              <span className="field-label">{t('notices.content')}</span>
              <textarea
                className="input"
                rows={4}
                data-testid="admin-notice-content"
                value={draft.content}
                onChange={set('content')}
              />
            </label>
            <div className="admin-actions">
              <button
                type="submit"
                className="btn btn-primary"
                disabled={save.isPending}
                data-testid="admin-notice-publish"
              >
                {draft.id ? t('products.saveChanges') : t('notices.publish')}
              </button>
              {draft.id && (
                <button type="button" className="btn btn-ghost" onClick={() => setDraft(empty)}>
                  {t('products.cancel')}
                </button>
              )}
            </div>
          </form>
        </Section>
      ) : (
        <ReadOnlyNote />
      )}
      <Section title={t('nav.notices')} testId="admin-notices">
        <ListTable
          query={notices}
          head={[
            t('notices.heading'),
            t('notices.category'),
            t('notices.lang'),
            t('time'),
            ...(canEdit ? [''] : []),
          ]}
        >
          {(row) => (
            <tr key={row.id} data-testid="admin-notice-row">
              <td>{row.title}</td>
              <td>{CATEGORIES.includes(row.c_id as 4) ? t(`notices.categories.c${row.c_id}`) : row.c_id}</td>
              <td>{row.lang}</td>
              <td className="secondary">{formatTime(row.update_time)}</td>
              {canEdit && (
                <ActionsCell
                  actions={[
                    { label: t('products.edit'), testId: 'admin-notice-edit', onClick: () => edit(row) },
                    {
                      label: t('notices.delete'),
                      testId: 'admin-notice-delete',
                      disabled: remove.isPending,
                      onClick: () => remove.mutate({ id: row.id }),
                    },
                  ]}
                />
              )}
            </tr>
          )}
        </ListTable>
      </Section>
    </>
  );
}
