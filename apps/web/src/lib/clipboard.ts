import i18n from '../i18n';
import { toast } from './notify';

/**
 * Copies text to the clipboard (with the old selection fallback for insecure origins) and says so; the caller
 * names the failure text in its own words (document 2, section 8: copy success or failure).
 */
export async function copyText(text: string, failedText: string): Promise<boolean> {
  let copied = false;
  try {
    await navigator.clipboard.writeText(text);
    copied = true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      copied = document.execCommand('copy');
    } catch {
      copied = false;
    }
    area.remove();
  }
  toast(copied ? i18n.t('action.copied') : failedText, copied ? 'success' : 'error');
  return copied;
}
