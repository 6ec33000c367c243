import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/** The lists' "Order Date" filter: the day an order was placed, YYYY-MM-DD or '' for any. */
export function PlacedDateFilter({ id, value, onChange }: { id: string; value: string; onChange: (date: string) => void }) {
  return (
    <div className="filter-field">
      <label htmlFor={id} className="filter-label">
        Order Date
      </label>
      <DatePicker
        id={id}
        value={value ? dayjs(value) : null}
        onChange={(date: Dayjs | null) => onChange(date ? date.format('YYYY-MM-DD') : '')}
        format="YYYY-MM-DD"
        placeholder="Any date"
        allowClear
        className="filter-select"
      />
    </div>
  );
}
