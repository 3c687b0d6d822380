import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A popup, sheet or viewer whose code loads when it is first opened (decision 033): nothing
 * renders while `visible` has never been true, so its module (and the antd-mobile components
 * it alone uses) stays out of the page's first load. Once opened it stays mounted, so closing
 * animates as before and reopening is instant. A popup is an overlay: while its chunk loads
 * nothing is drawn in its place, and nothing on the page moves.
 */
export function lazyWhenOpen<P extends { visible?: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  // lazy() types its props through a ref-aware wrapper that a generic P cannot satisfy; it
  // renders the loaded component with exactly the props it is given.
  const Lazy = lazy(() => load().then((component) => ({ default: component }))) as unknown as ComponentType<P>;
  function LazyWhenOpen(props: P) {
    const [opened, setOpened] = useState(Boolean(props.visible));
    // Updated during render, React's pattern for state derived from a prop.
    if (props.visible && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyWhenOpen;
}
