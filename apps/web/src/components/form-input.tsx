import { Input, type InputProps, type InputRef } from 'antd-mobile';
import { forwardRef, useImperativeHandle, useLayoutEffect, useRef } from 'react';

export type FormInputProps = InputProps & {
  /** Put on the native <input> (antd-mobile puts data-* on its wrapper), for browser tests. */
  testId?: string;
};

/** antd-mobile's Input with a test id on the element a browser test can fill. */
export const FormInput = forwardRef<InputRef, FormInputProps>(function FormInput({ testId, ...props }, ref) {
  const inner = useRef<InputRef>(null);
  // Set before layout effects run, so never null when a parent reads it.
  useImperativeHandle(ref, () => inner.current as InputRef, []);
  useLayoutEffect(() => {
    const element = inner.current?.nativeElement;
    if (!element) return;
    if (testId) element.setAttribute('data-testid', testId);
    else element.removeAttribute('data-testid');
  }, [testId]);
  return <Input ref={inner} {...props} />;
});
