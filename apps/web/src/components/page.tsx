import { messages } from '@baobei/shared/messages';
import { NavBar } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import type { CSSProperties, ReactNode } from 'react';
import { useCurrentAppRoute } from '../lib/route-handle';
import { useGoBack } from '../lib/use-go-back';
import styles from './page.module.css';

export interface PageProps {
  /** Defaults to the route's title from the shared table. */
  title?: ReactNode;
  /** Show the back arrow (secondary pages). */
  back?: boolean;
  onBack?: () => void;
  /** Where the back arrow goes when the page was opened directly. */
  backFallback?: string;
  right?: ReactNode;
  /** `brand`: the company gradient; `transparent`: over a coloured page head; `none`: no bar. */
  tone?: 'default' | 'brand' | 'transparent' | 'none';
  footer?: ReactNode;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/** antd-mobile's back arrow, named for screen readers (its button has no text of its own). */
const backIcon = (
  <>
    <LeftOutline />
    <span className={styles.srOnly}>{messages.common.back}</span>
  </>
);

/** A phone page: a sticky nav bar under the safe area, the content, an optional sticky footer. */
export function Page({
  title,
  back = true,
  onBack,
  backFallback,
  right,
  tone = 'default',
  footer,
  className,
  style,
  children,
}: PageProps) {
  const route = useCurrentAppRoute();
  const goBack = useGoBack(backFallback);
  const headerClass = [styles.header, tone === 'brand' && styles.brand, tone === 'transparent' && styles.transparent]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={[styles.page, className].filter(Boolean).join(' ')} style={style}>
      {tone !== 'none' && (
        <header className={headerClass}>
          <NavBar
            className={styles.navBar}
            back={back ? '' : null}
            backIcon={backIcon}
            onBack={back ? (onBack ?? goBack) : undefined}
            right={right}
          >
            {title ?? route?.title}
          </NavBar>
        </header>
      )}
      <main className={styles.body}>{children}</main>
      {footer && <footer className={styles.footer}>{footer}</footer>}
    </div>
  );
}
