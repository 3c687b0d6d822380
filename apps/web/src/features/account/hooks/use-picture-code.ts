import { useState } from 'react';
import { useVerifyCode } from '../api/get-verify-code';

/**
 * A picture code and the characters typed for it. Each picture is single use, so drawing a
 * new one (`refresh`) also empties what was typed.
 */
export function usePictureCode(purpose: string, enabled: boolean) {
  const [code, setCode] = useState('');
  const picture = useVerifyCode(purpose, enabled);
  const { refetch } = picture;

  const refresh = () => {
    setCode('');
    void refetch();
  };

  return { picture, code, setCode, refresh };
}
