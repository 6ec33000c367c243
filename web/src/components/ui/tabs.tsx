import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem {
  key: string;
  label: string;
  children: ReactNode;
}

/**
 * A small accessible tab set (WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs).
 * Lighter than antd's Tabs, which would weigh on the sign-in page's first load.
 */
export function Tabs({ items, activeKey, onChange, label }: { items: TabItem[]; activeKey: string; onChange: (key: string) => void; label: string }) {
  const baseId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const activeIndex = Math.max(0, items.findIndex((t) => t.key === activeKey));

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight' ? (activeIndex === last ? 0 : activeIndex + 1)
      : event.key === 'ArrowLeft' ? (activeIndex === 0 ? last : activeIndex - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : -1;
    if (next < 0) return;
    event.preventDefault();
    onChange(items[next].key);
    refs.current[next]?.focus();
  };

  return (
    <div className="tabs">
      <div className="tabs-list" role="tablist" aria-label={label}>
        {items.map((tab, i) => {
          const selected = i === activeIndex;
          return (
            <button
              key={tab.key}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.key}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.key}`}
              tabIndex={selected ? 0 : -1}
              className={`tabs-tab${selected ? ' tabs-tab-active' : ''}`}
              onClick={() => onChange(tab.key)}
              onKeyDown={onKeyDown}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {items.map((tab, i) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${baseId}-panel-${tab.key}`}
          aria-labelledby={`${baseId}-tab-${tab.key}`}
          hidden={i !== activeIndex}
          className="tabs-panel"
        >
          {i === activeIndex && tab.children}
        </div>
      ))}
    </div>
  );
}
