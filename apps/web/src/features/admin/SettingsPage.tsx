import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { roleAtLeast, useAdminAction, type Me } from './api';
import { ListTable, ReadOnlyNote, Section } from './parts';
import { useSettings, type AdminSetting } from './products-api';
import './admin-products.css';

/** One setting: its value as a switch or a text field, saved on its own (the server checks the value). */
function SettingRow({ setting, canChange }: { setting: AdminSetting; canChange: boolean }) {
  const { t } = useTranslation('admin');
  const save = useAdminAction('products/settings/save');
  const [value, setValue] = useState(setting.value);
  const changed = value !== setting.value;
  const label = (raw: string) =>
    setting.kind === 'switch' ? (raw === '1' ? t('markets.on') : t('markets.off')) : raw;
  return (
    <tr data-testid="admin-setting-row" data-key={setting.key}>
      <td>
        <div>{t(`settings.labels.${setting.key}`, { defaultValue: setting.key })}</div>
        <div className="admin-setting-key muted">{setting.key}</div>
      </td>
      <td>
        {canChange ? (
          <form
            className="admin-setting-value"
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate({ key: setting.key, value });
            }}
          >
            {setting.kind === 'switch' ? (
              <select
                className="select input"
                data-testid="admin-setting-input"
                value={value}
                onChange={(event) => setValue(event.target.value)}
              >
                <option value="1">{t('markets.on')}</option>
                <option value="0">{t('markets.off')}</option>
              </select>
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
              disabled={!changed || save.isPending}
              data-testid="admin-setting-save"
            >
              {t('products.save')}
            </button>
          </form>
        ) : (
          <span data-testid="admin-setting-value">{label(setting.value) || '—'}</span>
        )}
      </td>
      <td className="secondary">{t(`settings.kinds.${setting.kind}`)}</td>
      <td className="secondary">{label(setting.default) || '—'}</td>
    </tr>
  );
}

/** The business settings of the specs (`login_need_smscode`, `is_open_CTbi`, limits...); admins change them. */
export default function SettingsPage() {
  const { t } = useTranslation('admin');
  const me = useOutletContext<Me>();
  const canChange = roleAtLeast(me.role, 'admin');
  const settings = useSettings();
  return (
    <>
      {!canChange && <ReadOnlyNote />}
      <Section title={t('nav.settings')} testId="admin-settings">
        <div className="admin-note">{t('settings.intro')}</div>
        <ListTable
          query={settings}
          head={[t('settings.setting'), t('settings.value'), t('settings.kind'), t('settings.default')]}
        >
          {/* Keyed by value too: a saved (or someone else's) change resets the row's field to it. */}
          {(setting) => (
            <SettingRow key={`${setting.key}:${setting.value}`} setting={setting} canChange={canChange} />
          )}
        </ListTable>
      </Section>
    </>
  );
}
