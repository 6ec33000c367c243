import { CarOutlined, PhoneOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { shortDate } from '@/lib/bakery-time';
import { documentFileName, documentPath, useRunSheet, type Paper, type RunSheetStop } from '../api/production';
import { customerName, slotLabel } from '../production';
import { DownloadLink } from './download-link';

/** The delivery run of a date: per slot, the stops in drop order with address, phone, instructions and units. */
export function RunSheetTab({ date, paper }: { date: string; paper: Paper }) {
  const sheet = useRunSheet(date);
  if (sheet.isLoading) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (sheet.isError || !sheet.data) return <LoadError icon={<CarOutlined />} title="The run sheet could not be loaded" query={sheet} />;
  const slots = sheet.data.slots.filter((s) => s.stops.length > 0);
  const stops = slots.reduce((sum, s) => sum + s.stops.length, 0);
  return (
    <div className="run-sheet">
      <div className="production-doc-head">
        <p className="production-summary">
          <strong>{stops}</strong> {stops === 1 ? 'stop' : 'stops'} on {shortDate(date)}
        </p>
        <div className="production-doc-actions">
          <DownloadLink href={documentPath('run-sheet', date, 'pdf', paper)} fileName={documentFileName('run-sheet', date, 'pdf')} label="Download PDF" primary />
          <DownloadLink href={documentPath('run-sheet', date, 'csv')} fileName={documentFileName('run-sheet', date, 'csv')} label="Download CSV" />
        </div>
      </div>
      {slots.length === 0 ? (
        <EmptyState icon={<CarOutlined />} title="No deliveries" hint={`No orders deliver on ${shortDate(date)} yet.`} />
      ) : (
        slots.map((slot) => (
          <section key={slot.slot ?? 'none'} className="run-slot" aria-label={slotLabel(slot.slot)}>
            <h2 className="production-heading">
              {slotLabel(slot.slot)}{' '}
              <span className="muted">
                ({slot.stops.length} {slot.stops.length === 1 ? 'stop' : 'stops'})
              </span>
            </h2>
            <ol className="run-stops">
              {slot.stops.map((stop) => (
                <StopRow key={stop.customerId} stop={stop} />
              ))}
            </ol>
          </section>
        ))
      )}
    </div>
  );
}

function StopRow({ stop }: { stop: RunSheetStop }) {
  const name = customerName(stop.businessName);
  return (
    <li className="run-stop" aria-label={`Stop ${stop.position}: ${name}`}>
      <span className="run-stop-position" aria-hidden="true">
        {stop.position}
      </span>
      <div className="run-stop-main">
        <div className="run-stop-head">
          <h3 className="run-stop-name">{name}</h3>
          <span className="run-stop-items">
            {stop.items} {stop.items === 1 ? 'item' : 'items'}
          </span>
        </div>
        <div className="run-stop-address">{stop.address || <span className="muted">No address</span>}</div>
        <div className="run-stop-contact">
          {stop.phone ? (
            <a href={`tel:${stop.phone.replace(/[^\d+]/g, '')}`}>
              <PhoneOutlined aria-hidden="true" /> {stop.phone}
            </a>
          ) : (
            <span className="muted">No phone</span>
          )}
          <span className="muted">
            {stop.orderIds.length === 1 ? 'Order' : 'Orders'} {stop.orderIds.map((id) => `#${id.slice(-8)}`).join(', ')}
          </span>
        </div>
        {stop.instructions && <p className="run-stop-instructions">{stop.instructions}</p>}
      </div>
    </li>
  );
}
