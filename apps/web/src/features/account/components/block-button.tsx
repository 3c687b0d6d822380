import { Button, type ButtonProps } from 'antd-mobile';

/** The account pages' main action: a large rounded button across the page. */
export function BlockButton(props: Omit<ButtonProps, 'block' | 'shape' | 'size'>) {
  return <Button {...props} block shape="rounded" size="large" />;
}
