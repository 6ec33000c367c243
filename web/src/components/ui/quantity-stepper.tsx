import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, InputNumber } from 'antd';
import './quantity-stepper.css';

export interface QuantityStepperProps {
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** names the thing counted, for the buttons' and input's labels */
  itemName: string;
  /** a numeric input between the buttons (desktop); else the value as text */
  editable?: boolean;
  disabled?: boolean;
  size?: 'small' | 'middle' | 'large';
}

/** Coerces what was typed: not a number → 1 (spec section 5), then into [min, max]. */
export function coerceQuantity(raw: unknown, min: number, max: number): number {
  const n = typeof raw === 'number' ? raw : Number.parseInt(String(raw ?? ''), 10);
  const whole = Number.isFinite(n) ? Math.trunc(n) : 1;
  return Math.min(Math.max(whole, min), Math.max(min, max));
}

/** − value + with the decrease button disabled at min and the increase at or above max. */
export function QuantityStepper({ value, min, max, onChange, itemName, editable = false, disabled = false, size = 'middle' }: QuantityStepperProps) {
  return (
    <div className="qty-stepper" role="group" aria-label={`Quantity of ${itemName}`}>
      <Button
        size={size}
        icon={<MinusOutlined />}
        aria-label={`Decrease quantity of ${itemName}`}
        disabled={disabled || value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
      />
      {editable ? (
        <InputNumber
          size={size}
          className="qty-input"
          aria-label={`Quantity of ${itemName}`}
          min={min}
          max={Math.max(min, max)}
          precision={0}
          controls={false}
          value={value}
          disabled={disabled}
          onChange={(next) => onChange(coerceQuantity(next, min, max))}
        />
      ) : (
        <span className="qty-value" aria-live="polite" data-testid="quantity">
          {value}
        </span>
      )}
      <Button
        size={size}
        icon={<PlusOutlined />}
        aria-label={`Increase quantity of ${itemName}`}
        disabled={disabled || value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      />
    </div>
  );
}
