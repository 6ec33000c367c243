import { DownOutlined } from '@ant-design/icons';
import type { SelectHTMLAttributes } from 'react';
import './native-select.css';

export interface NativeSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> {
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  options: readonly { value: string; label: string }[];
}

/**
 * A native <select> dressed like antd's inputs: accessible and light, for the sign-in page, where
 * antd's Select would add ~25 KB to the first load. Works as an antd Form control (value/onChange).
 */
export function NativeSelect({ value, onChange, placeholder, options, className, ...rest }: NativeSelectProps) {
  return (
    <span className={`native-select ${className ?? ''}`}>
      <select
        {...rest}
        value={value ?? ''}
        className={value ? '' : 'native-select-empty'}
        onChange={(e) => onChange?.(e.target.value === '' ? undefined : e.target.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <DownOutlined className="native-select-arrow" aria-hidden="true" />
    </span>
  );
}
