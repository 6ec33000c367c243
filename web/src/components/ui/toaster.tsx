import { CloseOutlined } from '@ant-design/icons';
import { useEffect, useRef, useSyncExternalStore, type PointerEvent } from 'react';
import { dismissToast, getToasts, showCarriedToast, subscribeToasts, type ToastItem } from './toast-store';
import './toaster.css';

/** Swipe right further than this to dismiss (spec section 9). */
const SWIPE_THRESHOLD_PX = 50;

/** The toast area: one toast at a time; F8 moves the focus here. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const region = useRef<HTMLDivElement>(null);

  // a toast raised just before a full navigation (the admin sign-in's 'Welcome')
  useEffect(() => showCarriedToast(), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div ref={region} className="toast-viewport" role="region" aria-label="Notifications (F8)" tabIndex={-1}>
      {toasts.map((t) => (
        <Toast key={t.id} item={t} />
      ))}
    </div>
  );
}

function Toast({ item }: { item: ToastItem }) {
  const start = useRef<number | null>(null);
  const el = useRef<HTMLDivElement>(null);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    start.current = e.clientX;
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current === null || !el.current) return;
    const dx = Math.max(0, e.clientX - start.current);
    el.current.style.transform = `translateX(${dx}px)`;
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    const dx = e.clientX - start.current;
    start.current = null;
    if (dx > SWIPE_THRESHOLD_PX) dismissToast(item.id);
    else if (el.current) el.current.style.transform = '';
  };

  const destructive = item.variant === 'destructive';
  return (
    <div
      ref={el}
      className={`toast ${destructive ? 'toast-destructive' : ''}`}
      role={destructive ? 'alert' : 'status'}
      aria-live={destructive ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-testid="toast"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      <div className="toast-body">
        <div className="toast-title">{item.title}</div>
        {item.description && <div className="toast-description">{item.description}</div>}
      </div>
      <button type="button" className="toast-close" aria-label="Close notification" onClick={() => dismissToast(item.id)}>
        <CloseOutlined />
      </button>
    </div>
  );
}
