import { messages } from '@baobei/shared/messages';
import type { VerifyCode } from '@baobei/shared/schemas/auth';
import type { UseQueryResult } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { FormInput, type FormInputProps } from '../../../components/form-input';

type PictureCodeInputProps = Omit<FormInputProps, 'placeholder' | 'maxLength' | 'autoComplete' | 'autoCapitalize' | 'onChange'> & {
  onChange: (code: string) => void;
};

/** The characters read from a picture code: nothing to complete or capitalise. */
export function PictureCodeInput({ onChange, ...props }: PictureCodeInputProps) {
  return (
    <FormInput
      {...props}
      placeholder={messages.login.pictureCodePlaceholder}
      maxLength={8}
      autoComplete="off"
      autoCapitalize="off"
      onChange={(value) => onChange(value.trim())}
    />
  );
}

export interface PictureCodeImageProps {
  picture: Pick<UseQueryResult<VerifyCode>, 'data' | 'isFetching' | 'isError'>;
  onRefresh: () => void;
  className?: string;
  testId: string;
  /** Shown when the picture could not be loaded; without it the loading dots stay. */
  loadFailed?: ReactNode;
}

/** The picture of a picture code, loading dots while a new one is drawn; a tap draws another. */
export function PictureCodeImage({ picture, onRefresh, className, testId, loadFailed }: PictureCodeImageProps) {
  const settled = !picture.isFetching;
  let content: ReactNode = <DotLoading color="primary" />;
  if (picture.data && settled) content = <img src={picture.data.img} alt={messages.login.pictureCodeLabel} />;
  else if (loadFailed && picture.isError && settled) content = loadFailed;
  return (
    <button
      type="button"
      className={className}
      onClick={onRefresh}
      aria-label={messages.login.pictureCodeRefreshHint}
      data-testid={testId}
    >
      {content}
    </button>
  );
}
