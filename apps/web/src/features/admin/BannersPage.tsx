import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { toast } from '../../lib/notify';
import { roleAtLeast, useAdminAction, type Me } from './api';
import { ActionsCell, formatTime, ListTable, ReadOnlyNote, Section, TextField } from './parts';
import { uploadBannerImage, useBanners, type AdminBanner } from './products-api';
import './admin-products.css';

const LANGUAGES = ['en', 'zh', 'hk', 'jp', 'kor', 'th', 'ind'] as const;

interface Draft {
  id?: number;
  lang: string;
  title: string;
  abstract: string;
  cover: string;
  sorts: string;
}
const empty: Draft = { lang: 'en', title: '', abstract: '', cover: '', sorts: '0' };
const draftOf = (banner: AdminBanner): Draft => ({
  id: banner.id,
  lang: banner.lang,
  title: banner.title,
  abstract: banner.abstract,
  cover: banner.cover,
  sorts: String(banner.sorts),
});

function LanguageSelect(props: {
  value: string;
  onChange: (value: string) => void;
  testId: string;
  all?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <label className="field">
      <span className="field-label">{t('notices.lang')}</span>
      <select
        className="select input"
        data-testid={props.testId}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.all !== undefined && <option value="">{props.all}</option>}
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang}>
            {lang}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The home page's banners per language (news category 5 with an image): support uploads an image, titles it
 * and publishes; the home carousel shows it to readers of that language.
 */
export default function BannersPage() {
  const { t } = useTranslation('admin');
  const me = useOutletContext<Me>();
  const canEdit = roleAtLeast(me.role, 'support');
  const [filter, setFilter] = useState('');
  const banners = useBanners(filter);
  const save = useAdminAction('products/banners/save');
  const remove = useAdminAction('notices/delete');
  const [draft, setDraft] = useState<Draft>(empty);
  const [uploading, setUploading] = useState(false);

  const upload = (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    uploadBannerImage(file)
      .then((url) => setDraft((current) => ({ ...current, cover: url })))
      .catch((error: unknown) => toast(error instanceof Error ? error.message : String(error), 'error'))
      .finally(() => setUploading(false));
  };

  return (
    <>
      {canEdit ? (
        <Section
          title={draft.id ? t('banners.editTitle') : t('banners.publishTitle')}
          testId="admin-banner-form"
        >
          <form
            className="admin-stack"
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate({ ...draft }, { onSuccess: () => setDraft(empty) });
            }}
          >
            <div className="admin-form">
              <LanguageSelect
                value={draft.lang}
                onChange={(lang) => setDraft({ ...draft, lang })}
                testId="admin-banner-lang"
              />
              <TextField
                label={t('banners.order')}
                testId="admin-banner-sorts"
                value={draft.sorts}
                onChange={(sorts) => setDraft({ ...draft, sorts })}
              />
            </div>
            <TextField
              label={t('notices.heading')}
              testId="admin-banner-title"
              value={draft.title}
              onChange={(title) => setDraft({ ...draft, title })}
            />
            <TextField
              label={t('notices.abstract')}
              testId="admin-banner-abstract"
              value={draft.abstract}
              onChange={(abstract) => setDraft({ ...draft, abstract })}
            />
            <label className="field">
              <span className="field-label">{t('banners.image')}</span>
              <input
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                data-testid="admin-banner-file"
                onChange={(event) => upload(event.target.files?.[0])}
              />
              <span className="admin-note">{uploading ? t('loading') : t('banners.imageHint')}</span>
            </label>
            {draft.cover && (
              <img
                className="admin-banner-preview"
                src={draft.cover}
                alt=""
                data-testid="admin-banner-preview"
              />
            )}
            <div className="admin-actions">
              <button
                type="submit"
                className="btn btn-primary"
                disabled={save.isPending || uploading || !draft.cover}
                data-testid="admin-banner-publish"
              >
                {draft.id ? t('products.saveChanges') : t('banners.publish')}
              </button>
              {draft.id !== undefined && (
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
      <Section title={t('nav.banners')} testId="admin-banners">
        <div className="admin-form admin-section">
          <LanguageSelect
            value={filter}
            onChange={setFilter}
            testId="admin-banner-filter"
            all={t('banners.all')}
          />
        </div>
        <ListTable
          query={banners}
          head={[
            t('banners.image'),
            t('notices.heading'),
            t('notices.lang'),
            t('banners.order'),
            t('time'),
            ...(canEdit ? [''] : []),
          ]}
        >
          {(banner) => (
            <tr key={banner.id} data-testid="admin-banner-row">
              <td>
                <img className="admin-banner-thumb" src={banner.cover} alt="" />
              </td>
              <td>{banner.title}</td>
              <td>{banner.lang}</td>
              <td>{banner.sorts}</td>
              <td className="secondary">{formatTime(banner.update_time)}</td>
              {canEdit && (
                <ActionsCell
                  actions={[
                    {
                      label: t('products.edit'),
                      testId: 'admin-banner-edit',
                      onClick: () => setDraft(draftOf(banner)),
                    },
                    {
                      label: t('notices.delete'),
                      testId: 'admin-banner-delete',
                      disabled: remove.isPending,
                      onClick: () => remove.mutate({ id: banner.id }),
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
