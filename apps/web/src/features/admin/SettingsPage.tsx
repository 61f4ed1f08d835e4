import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { roleAtLeast, useAdminAction, type Me } from './api';
import { Form, Select } from './forms';
import { ListSection } from './list';
import { ReadOnlyNote } from './parts';
import { useSettings, type AdminSetting } from './products-api';
import './admin-products.css';

const SWITCH = ['1', '0'] as const;

/** A setting's value in words: a switch reads on or off, an empty value a dash. */
function inWords(setting: AdminSetting, raw: string, t: TFunction<'admin'>) {
  return (setting.kind === 'switch' ? (raw === '1' ? t('markets.on') : t('markets.off')) : raw) || '—';
}

/** One setting's value as a switch or a text field, saved on its own (the server checks the value). */
function SettingValue({ setting }: { setting: AdminSetting }) {
  const { t } = useTranslation('admin');
  const save = useAdminAction('products/settings/save');
  const [value, setValue] = useState(setting.value);
  return (
    <Form className="admin-setting-value" onSubmit={() => save.mutate({ key: setting.key, value })}>
      {setting.kind === 'switch' ? (
        <Select
          testId="admin-setting-input"
          options={SWITCH}
          optionLabel={(raw) => inWords(setting, raw, t)}
          value={value}
          onChange={setValue}
        />
      ) : (
        <input
          className="input"
          data-testid="admin-setting-input"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      )}
      <button
        type="submit"
        className="btn btn-sm btn-primary"
        disabled={value === setting.value || save.isPending}
        data-testid="admin-setting-save"
      >
        {t('products.save')}
      </button>
    </Form>
  );
}

/** The business settings of the specs (`login_need_smscode`, `is_open_CTbi`, limits...); admins change them. */
export default function SettingsPage() {
  const { t } = useTranslation('admin');
  const me = useOutletContext<Me>();
  const canChange = roleAtLeast(me.role, 'admin');
  return (
    <>
      {!canChange && <ReadOnlyNote />}
      <ListSection
        title={t('nav.settings')}
        sectionTestId="admin-settings"
        controls={<div className="admin-note">{t('settings.intro')}</div>}
        query={useSettings()}
        // Keyed by value too: a saved (or someone else's) change resets the row's field to it.
        rowKey={(setting) => `${setting.key}:${setting.value}`}
        rowTestId="admin-setting-row"
        rowProps={(setting) => ({ 'data-key': setting.key })}
        columns={[
          {
            header: t('settings.setting'),
            cell: (setting) => (
              <>
                <div>{t(`settings.labels.${setting.key}`, { defaultValue: setting.key })}</div>
                <div className="admin-setting-key muted">{setting.key}</div>
              </>
            ),
          },
          {
            header: t('settings.value'),
            cell: (setting) =>
              canChange ? (
                <SettingValue setting={setting} />
              ) : (
                <span data-testid="admin-setting-value">{inWords(setting, setting.value, t)}</span>
              ),
          },
          {
            header: t('settings.kind'),
            cell: (setting) => t(`settings.kinds.${setting.kind}`),
            className: 'secondary',
          },
          {
            header: t('settings.default'),
            cell: (setting) => inWords(setting, setting.default, t),
            className: 'secondary',
          },
        ]}
      />
    </>
  );
}
