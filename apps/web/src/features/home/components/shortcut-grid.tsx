import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import styles from './shortcut-grid.module.css';

export interface Shortcut {
  key: string;
  title: string;
  icon: ReactNode;
  to?: string;
  disabled?: boolean;
  onClick?: () => void;
}

/** Icon entries in a grid, as the tab pages of Chinese apps show their functions. */
export function ShortcutGrid({ items, columns = 4 }: { items: Shortcut[]; columns?: number }) {
  const navigate = useNavigate();
  return (
    <div className={styles.grid} style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          className={styles.item}
          disabled={item.disabled}
          aria-disabled={item.disabled}
          data-testid={`shortcut-${item.key}`}
          onClick={() => {
            if (item.disabled) return;
            if (item.onClick) item.onClick();
            else if (item.to) void navigate(item.to);
          }}
        >
          <span className={styles.icon}>{item.icon}</span>
          <span className={styles.title}>{item.title}</span>
        </button>
      ))}
    </div>
  );
}
