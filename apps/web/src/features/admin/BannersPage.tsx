import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { timeColumn } from '../../components/tableColumns';
import { Field } from '../../components/Field';
import { toast } from '../../lib/notify';
import { roleAtLeast, useAdminAction, type Me } from './api';
import { TextField } from './forms';
import { ListSection } from './list';
import { LanguageField, NewsForm, useNewsRowActions } from './news';
import { uploadBannerImage, useBanners, type AdminBanner } from './products-api';

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

/**
 * The home page's banners per language (news category 5 with an image): support uploads an image, titles it
 * and publishes; the home carousel shows it to readers of that language.
 */
export default function BannersPage() {
  const { t } = useTranslation('admin');
  const me = useOutletContext<Me>();
  const canEdit = roleAtLeast(me.role, 'support');
  const [filter, setFilter] = useState('');
  const save = useAdminAction('products/banners/save');
  const [draft, setDraft] = useState<Draft>(empty);
  const [uploading, setUploading] = useState(false);
  const actions = useNewsRowActions('banner', (banner: AdminBanner) => setDraft(draftOf(banner)));

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
      <NewsForm
        kind="banner"
        draft={draft}
        setDraft={setDraft}
        settings={
          <>
            <LanguageField
              testId="admin-banner-lang"
              value={draft.lang}
              onChange={(lang) => setDraft({ ...draft, lang })}
            />
            <TextField
              label={t('banners.order')}
              testId="admin-banner-sorts"
              value={draft.sorts}
              onChange={(sorts) => setDraft({ ...draft, sorts })}
            />
          </>
        }
        canEdit={canEdit}
        editing={draft.id !== undefined}
        titles={{ edit: t('banners.editTitle'), publish: t('banners.publishTitle') }}
        publishLabel={t('banners.publish')}
        pending={save.isPending}
        incomplete={uploading || !draft.cover}
        onSubmit={() => save.mutate({ ...draft }, { onSuccess: () => setDraft(empty) })}
        onCancel={() => setDraft(empty)}
      >
        <Field label={t('banners.image')}>
          <input
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            data-testid="admin-banner-file"
            onChange={(event) => upload(event.target.files?.[0])}
          />
          <span className="admin-note">{uploading ? t('loading') : t('banners.imageHint')}</span>
        </Field>
        {draft.cover && (
          <img className="admin-banner-preview" src={draft.cover} alt="" data-testid="admin-banner-preview" />
        )}
      </NewsForm>
      <ListSection
        title={t('nav.banners')}
        sectionTestId="admin-banners"
        controls={
          <div className="admin-form admin-section">
            <LanguageField
              value={filter}
              onChange={setFilter}
              testId="admin-banner-filter"
              all={t('banners.all')}
            />
          </div>
        }
        query={useBanners(filter)}
        rowTestId="admin-banner-row"
        columns={[
          {
            header: t('banners.image'),
            cell: (banner) => <img className="admin-banner-thumb" src={banner.cover} alt="" />,
          },
          { header: t('notices.heading'), cell: (banner) => banner.title },
          { header: t('notices.lang'), cell: (banner) => banner.lang },
          { header: t('banners.order'), cell: (banner) => banner.sorts },
          timeColumn<AdminBanner>(t('time'), (banner) => banner.update_time),
        ]}
        actions={canEdit && actions}
      />
    </>
  );
}
