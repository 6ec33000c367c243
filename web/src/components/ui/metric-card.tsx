import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import './metric-card.css';

/** How a line under the figure reads: a trend up or down, neutral, or something to look at. */
export type MetricTone = 'up' | 'down' | 'flat' | 'attention';

export interface MetricCardProps {
  label: string;
  /** the figure ('—' when it is unknown) */
  value: ReactNode;
  icon: ReactNode;
  /** the value's data-testid is `<testIdPrefix>-<label in kebab case>`, e.g. metric-total-orders */
  testIdPrefix: string;
  /** lines under the figure, in order */
  notes?: { text: string; tone: MetricTone }[];
  /** a skeleton in place of the figure and its notes */
  loading?: boolean;
}

/** One figure of a dashboard (the customer dashboard's metrics, the admin dashboard's counts). */
export function MetricCard({ label, value, icon, testIdPrefix, notes = [], loading = false }: MetricCardProps) {
  return (
    <Card className="metric-card">
      <div className="metric-top">
        <span className="metric-label">{label}</span>
        <span className="metric-icon" aria-hidden="true">
          {icon}
        </span>
      </div>
      {loading ? (
        <Skeleton active paragraph={false} title={{ width: 60 }} />
      ) : (
        <>
          <div className="metric-value" data-testid={`${testIdPrefix}-${label.toLowerCase().replace(/\s+/g, '-')}`}>
            {value}
          </div>
          {notes.map((note, i) => (
            <div key={i} className={`metric-trend trend-${note.tone}`}>
              {note.text}
            </div>
          ))}
        </>
      )}
    </Card>
  );
}

/** A metric card while nothing about it is known yet: only a skeleton line. */
export function MetricCardSkeleton() {
  return (
    <Card className="metric-card">
      <Skeleton active paragraph={{ rows: 1 }} title={false} />
    </Card>
  );
}
