import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { toast } from '../../lib/notify';

/** The image types the server stores (it judges by content; this only spares a useless upload). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

export function isImageFile(file: Pick<File, 'type'>): boolean {
  return IMAGE_TYPES.includes(file.type);
}

interface ImageUploadProps {
  label: string;
  /** The stored image's URL, '' when none. */
  value: string;
  onChange: (url: string) => void;
  testId: string;
  invalid?: boolean;
  disabled?: boolean;
}

/**
 * Picks an image, uploads it at once (`POST /api/upload`) and shows it. The form only ever holds URLs the
 * server answered, so a submit cannot carry a picture that failed to upload.
 */
export function ImageUpload({
  label,
  value,
  onChange,
  testId,
  invalid = false,
  disabled = false,
}: ImageUploadProps) {
  const { t } = useTranslation('account');
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!isImageFile(file)) {
      toast(t('upload.onlyImages'), 'error');
      return;
    }
    setPreview(URL.createObjectURL(file));
    setUploading(true);
    try {
      onChange(await api.upload(file));
    } catch {
      setPreview(null);
      onChange('');
    } finally {
      setUploading(false);
    }
  };

  const shown = preview ?? (value || null);
  return (
    <label
      htmlFor={id}
      className={`image-upload${invalid ? ' invalid' : ''}${shown ? ' filled' : ''}${disabled ? ' disabled' : ''}`}
      data-testid={testId}
    >
      <input
        id={id}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        disabled={disabled || uploading}
        data-testid={`${testId}-input`}
        onChange={(event) => {
          void pick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {shown ? (
        <img src={shown} alt={label} />
      ) : (
        <span className="image-upload-empty">
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
          <span>{t('upload.choose')}</span>
        </span>
      )}
      {uploading && (
        <span className="image-upload-busy">
          <span className="spinner" />
        </span>
      )}
      {value && !uploading && <span className="image-upload-done">✓</span>}
      <span className="image-upload-label">{label}</span>
    </label>
  );
}
