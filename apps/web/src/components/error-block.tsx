import { createErrorBlock } from 'antd-mobile';
import { lazy, Suspense, type ComponentType } from 'react';

type Status = 'default' | 'disconnected' | 'empty' | 'busy';

/**
 * antd-mobile's four illustrations, loaded when a block first shows (an empty list, an error,
 * the not-found page): they are 40 KB of SVG elements that antd's own ErrorBlock puts in the
 * first load of every page (decision 033). The block keeps its image height meanwhile, so the
 * text under it does not move; offline (the chunk failed to load) the block has no picture.
 */
const Illustration = lazy<ComponentType<{ status: Status }>>(() =>
  import('antd-mobile/es/components/error-block/images').then(
    (images) => {
      const byStatus = {
        default: images.defaultImage,
        disconnected: images.disconnectedImage,
        empty: images.emptyImage,
        busy: images.busyImage,
      };
      return { default: ({ status }) => byStatus[status] };
    },
    () => ({ default: () => null }),
  ),
);

const image = (status: Status) => (
  <Suspense fallback={null}>
    <Illustration status={status} />
  </Suspense>
);

/** antd-mobile's ErrorBlock, same props, with its illustrations loaded on first use. */
export const ErrorBlock = createErrorBlock({
  default: image('default'),
  disconnected: image('disconnected'),
  empty: image('empty'),
  busy: image('busy'),
});
