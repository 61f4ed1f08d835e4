/** Settings and system calls: the area's one public surface (other areas, workers, ops and seed import only this). */
import './texts';
export { isOn, isSettingKey, readSetting, readSettings, SETTING_DEFAULTS, writeSetting } from './settings';
export { systemArea } from './plugin';
