import { CameraOutlined, DeleteOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useId, useState, type ChangeEvent } from 'react';
import { ProductImage } from '@/components/ui/product-image';
import { notify } from '@/components/ui/toast-store';
import { uploadErrorMessage, uploadProductPhoto } from '../api/upload-photo';
import { MAX_PHOTO_BYTES, SubmissionMessages } from '../submission';

export interface PhotoUploadFieldProps {
  /** the file input's id: the Form.Item's label points at it */
  id?: string;
  /** the registered photo's object path ('' or null: none) */
  value?: string | null;
  onChange?: (objectPath: string | null) => void;
  /** offers 'Remove photo' (the admin forms, where the photo is optional) */
  removable?: boolean;
}

/**
 * The photo picker (spec sections 2 and 4): a labelled file input; a chosen file is uploaded at
 * once through the three-step flow and its object path kept as the field's value.
 */
export function PhotoUploadField({ id, value, onChange, removable = false }: PhotoUploadFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const [uploading, setUploading] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_PHOTO_BYTES) {
      notify.error(SubmissionMessages.photoTooLarge);
      return;
    }
    setUploading(true);
    try {
      const objectPath = await uploadProductPhoto(file);
      onChange?.(objectPath);
      notify.success('Product photo uploaded successfully!');
    } catch (err) {
      notify.error(uploadErrorMessage(err));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="photo-field">
      <div className="photo-drop">
        <ProductImage product={{ name: 'Product photo preview', imageUrl: value || null }} className="photo-preview" />
        <div>
          <input id={inputId} type="file" accept="image/*" className="visually-hidden" onChange={onFile} disabled={uploading} />
          <label htmlFor={inputId} className="photo-input-label">
            {uploading ? <LoadingOutlined /> : <CameraOutlined />}
            {uploading ? 'Uploading...' : value ? 'Change photo' : 'Choose photo'}
          </label>
          {removable && value && !uploading && (
            <Button type="link" size="small" icon={<DeleteOutlined />} onClick={() => onChange?.(null)} className="photo-remove">
              Remove photo
            </Button>
          )}
          <div className="photo-hint">JPG, PNG, GIF up to 10MB</div>
        </div>
      </div>
    </div>
  );
}
