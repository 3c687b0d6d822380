import { messages } from '@baobei/shared/messages';
import { useEffect, useRef, useState } from 'react';
import styles from '../pages/house-vr-page.module.css';

/** Whether this browser can draw WebGL (the 360° viewer needs it). */
export function hasWebGl(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

/**
 * An equirectangular panorama in a real 360° viewer (Photo Sphere Viewer on three.js). The
 * library is imported here on demand, so it is fetched only when a VR page shows a panorama
 * and never grows the main bundle. Without WebGL the flat picture pans sideways instead, under
 * a message saying why. The view's direction is exposed as data-yaw (radians) for the journeys.
 */
export function PanoramaViewer({ url, title }: { url: string; title: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [webGl] = useState(hasWebGl);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [yaw, setYaw] = useState(0);

  useEffect(() => {
    if (!webGl || !container.current) return;
    const element = container.current;
    let viewer: { destroy(): void } | null = null;
    let cancelled = false;
    setState('loading');
    void Promise.all([import('@photo-sphere-viewer/core'), import('@photo-sphere-viewer/core/index.css')])
      .then(([{ Viewer }]) => {
        if (cancelled) return;
        const v = new Viewer({
          container: element,
          panorama: url,
          navbar: false,
          loadingTxt: messages.houseDetail.vrLoading,
          mousewheel: false,
          touchmoveTwoFingers: false,
          defaultZoomLvl: 0,
        });
        viewer = v;
        v.addEventListener('ready', () => setState('ready'), { once: true });
        v.addEventListener('panorama-error', () => setState('error'));
        v.addEventListener('position-updated', ({ position }) => setYaw(position.yaw));
      })
      .catch(() => {
        if (!cancelled) setState('error');
      });
    return () => {
      cancelled = true;
      viewer?.destroy();
    };
  }, [url, title, webGl]);

  if (!webGl || state === 'error') {
    return (
      <div className={styles.panoramaWrap}>
        <div className={styles.panorama} data-testid="house-vr-panorama">
          <img
            src={url}
            alt={title}
            className={styles.panoramaImage}
            onLoad={(event) => {
              // Start in the middle of the panorama, as a tour opens facing forward.
              const box = event.currentTarget.parentElement;
              if (box) box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
            }}
          />
        </div>
        <span className={styles.fallbackNote} data-testid="house-vr-fallback">
          {messages.houseDetail.vrNoWebgl}
        </span>
        <span className={styles.panHint}>{messages.houseDetail.vrPanHint}</span>
      </div>
    );
  }
  return (
    <div className={styles.panoramaWrap}>
      <div
        ref={container}
        className={styles.viewer}
        data-testid="house-vr-viewer"
        data-state={state}
        data-yaw={yaw.toFixed(3)}
        aria-label={title}
      />
      {state === 'ready' && <span className={styles.panHint}>{messages.houseDetail.vrDragHint}</span>}
    </div>
  );
}
