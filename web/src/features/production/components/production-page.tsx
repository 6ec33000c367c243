import { LeftOutlined, ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { Button, DatePicker, Radio, Skeleton } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { addDays } from '@contracts/calendar';
import { Card } from '@/components/ui/card';
import { Tabs } from '@/components/ui/tabs';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useRefreshProduction, type Paper } from '../api/production';
import { PAPER_LABELS, storedPaper, storePaper } from '../production';
import { useProductionView, type ProductionTab } from '../use-production-date';
import { BakeListTab } from './bake-list-tab';
import { PackingSlipsTab } from './packing-slips-tab';
import { RunSheetTab } from './run-sheet-tab';
import { WeekTab } from './week-tab';
import './production.css';

/** How many dates the Week tab shows. */
export const WEEK_DAYS = 7;

/**
 * Production (issue 18): for a delivery date (the next one by default), the bake list, the packing
 * slips and the delivery run sheet, each on screen and as a PDF (the bake list and run sheet also
 * as CSV), and the week ahead. The date and the tab are in the URL; the paper is remembered.
 */
export function ProductionPage() {
  const mobile = useIsMobile();
  const { date, tab, setView } = useProductionView();
  const [paper, setPaper] = useState<Paper>(storedPaper);
  const refresh = useRefreshProduction();
  const [refreshing, setRefreshing] = useState(false);

  const choosePaper = (next: Paper) => {
    setPaper(next);
    storePaper(next);
  };
  const onRefresh = () => {
    setRefreshing(true);
    void refresh().finally(() => setRefreshing(false));
  };

  const panel = (children: (day: string) => ReactNode) =>
    date ? (
      children(date)
    ) : (
      <Card>
        <Skeleton active />
      </Card>
    );

  return (
    <div className={mobile ? 'production production-mobile' : 'production'}>
      <div className="production-toolbar">
        <div className="production-field production-field-date">
          <label htmlFor="production-date" className="production-label">
            Delivery date
          </label>
          <div className="production-date">
            <Button icon={<LeftOutlined />} aria-label="Previous day" disabled={!date} onClick={() => date && setView({ date: addDays(date, -1) })} />
            <DatePicker
              id="production-date"
              value={date ? dayjs(date) : null}
              onChange={(day: Dayjs | null) => day && setView({ date: day.format('YYYY-MM-DD') })}
              format="ddd D MMM YYYY"
              allowClear={false}
              disabled={!date}
              inputReadOnly={mobile}
              className="production-date-picker"
            />
            <Button icon={<RightOutlined />} aria-label="Next day" disabled={!date} onClick={() => date && setView({ date: addDays(date, 1) })} />
          </div>
        </div>
        <div className="production-field">
          <span id="production-paper-label" className="production-label">
            Paper
          </span>
          <Radio.Group
            aria-labelledby="production-paper-label"
            optionType="button"
            value={paper}
            onChange={(e) => choosePaper(e.target.value as Paper)}
            options={(Object.keys(PAPER_LABELS) as Paper[]).map((value) => ({ value, label: PAPER_LABELS[value] }))}
            className="production-paper"
          />
        </div>
        <Button icon={<ReloadOutlined />} onClick={onRefresh} loading={refreshing} className="production-refresh">
          Refresh
        </Button>
      </div>

      <Tabs
        label="Production documents"
        activeKey={tab}
        onChange={(key) => setView({ tab: key as ProductionTab })}
        items={[
          { key: 'bake-list', label: 'Bake list', children: panel((day) => <BakeListTab date={day} paper={paper} mobile={mobile} />) },
          { key: 'packing-slips', label: 'Packing slips', children: panel((day) => <PackingSlipsTab date={day} paper={paper} />) },
          { key: 'run-sheet', label: 'Run sheet', children: panel((day) => <RunSheetTab date={day} paper={paper} />) },
          {
            key: 'week',
            label: 'Week',
            children: panel((day) => <WeekTab from={day} days={WEEK_DAYS} onOpenDate={(d) => setView({ date: d, tab: 'bake-list' })} />),
          },
        ]}
      />
    </div>
  );
}

export default ProductionPage;
