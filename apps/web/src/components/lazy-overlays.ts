import type ActionSheetModule from 'antd-mobile/es/components/action-sheet';
import type CascadePickerModule from 'antd-mobile/es/components/cascade-picker';
import type DatePickerModule from 'antd-mobile/es/components/date-picker';
import type DialogModule from 'antd-mobile/es/components/dialog';
import type ImageViewerModule from 'antd-mobile/es/components/image-viewer';
import type PickerModule from 'antd-mobile/es/components/picker';
import type { CalendarPickerProps } from 'antd-mobile';
import type { ComponentProps, ComponentType } from 'react';
import { lazyWhenOpen } from './lazy-when-open';

/**
 * antd-mobile's overlays that open on a tap (pickers, the image viewer, the action sheet),
 * under their own names, loaded on first use (decision 033): a page imports them from here
 * instead of 'antd-mobile' and keeps its JSX and calls. The components render nothing until
 * first opened (lazyWhenOpen); the imperative helpers (`DatePicker.prompt`, `ImageViewer.show`,
 * …) load the component, then call it. The pickers bring dayjs and the picker view, the
 * viewer its gestures: none of it is in a first load any more.
 */
const loadImageViewer = () => import('antd-mobile/es/components/image-viewer').then((m) => m.default);
const loadDatePicker = () => import('antd-mobile/es/components/date-picker').then((m) => m.default);
const loadPicker = () => import('antd-mobile/es/components/picker').then((m) => m.default);
const loadDialog = () => import('antd-mobile/es/components/dialog').then((m) => m.default);
const loadActionSheet = () => import('antd-mobile/es/components/action-sheet').then((m) => m.default);

type ImageViewerType = typeof ImageViewerModule;
type MultiProps = ComponentProps<ImageViewerType['Multi']>;

export const ImageViewer = Object.assign(lazyWhenOpen<ComponentProps<ImageViewerType>>(loadImageViewer), {
  Multi: Object.assign(
    lazyWhenOpen<MultiProps>(() => loadImageViewer().then((viewer) => viewer.Multi)),
    {
      show: (props: Parameters<ImageViewerType['Multi']['show']>[0]): void =>
        void loadImageViewer().then((viewer) => viewer.Multi.show(props)),
    },
  ),
  show: (props: Parameters<ImageViewerType['show']>[0]): void => void loadImageViewer().then((viewer) => viewer.show(props)),
});

export const DatePicker = Object.assign(lazyWhenOpen<ComponentProps<typeof DatePickerModule>>(loadDatePicker), {
  prompt: (props: Parameters<(typeof DatePickerModule)['prompt']>[0]) => loadDatePicker().then((picker) => picker.prompt(props)),
});

export const Picker = Object.assign(lazyWhenOpen<ComponentProps<typeof PickerModule>>(loadPicker), {
  prompt: (props: Parameters<(typeof PickerModule)['prompt']>[0]) => loadPicker().then((picker) => picker.prompt(props)),
});

export const CascadePicker = lazyWhenOpen<ComponentProps<typeof CascadePickerModule>>(() =>
  import('antd-mobile/es/components/cascade-picker').then((m) => m.default),
);

// antd types CalendarPicker as a forwardRef over a union of props, which ComponentType cannot
// name; the lazy one takes the same props (its ref is not used here).
export const CalendarPicker = lazyWhenOpen<CalendarPickerProps>(() =>
  import('antd-mobile/es/components/calendar-picker').then((m) => m.default as ComponentType<CalendarPickerProps>),
);

export const ActionSheet = Object.assign(lazyWhenOpen<ComponentProps<typeof ActionSheetModule>>(loadActionSheet), {
  show: (props: Parameters<(typeof ActionSheetModule)['show']>[0]): void =>
    void loadActionSheet().then((sheet) => sheet.show(props)),
});

/**
 * `Dialog.alert` and `Dialog.confirm` for the start-up and the home page, whose dialogs only
 * open on a failure or a question (request failed, login expired, no permission, locating,
 * a saved draft): the dialog, its centre popup and image load when the first one opens.
 */
export const Dialog = {
  alert: (props: Parameters<(typeof DialogModule)['alert']>[0]) => loadDialog().then((dialog) => dialog.alert(props)),
  confirm: (props: Parameters<(typeof DialogModule)['confirm']>[0]) => loadDialog().then((dialog) => dialog.confirm(props)),
};
