import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { historyIndex } from './navigation';

/** Back within the app, or to `fallback` when the page was opened directly (shared link, reload). */
export function useGoBack(fallback = '/home'): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (historyIndex() > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
