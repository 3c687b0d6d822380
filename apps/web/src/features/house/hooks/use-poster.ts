import type { HouseDetail } from '@baobei/shared/schemas/house';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCompanyStore } from '../../../lib/company-store';
import { useSessionStore } from '../../../lib/session/session-store';
import { brandColors, withAlpha } from '../../../lib/theme';
import { houseKeys } from '../api/query-keys';
import { posterContent } from '../model/poster-content';

/**
 * A listing's poster for the signed-in user (issue 32, item 3; docs/decisions/091): drawn in
 * the browser when first asked for, by a module loaded then, and kept while the same content
 * is asked for again. `available` is false for a visitor: the poster carries the broker.
 */
export function usePoster(input: { house: HouseDetail | undefined; cover: string; link: string; open: boolean }) {
  const { house, cover, link, open } = input;
  const user = useSessionStore((s) => s.userInfo);
  const company = useCompanyStore((s) => s.company);

  const content = useMemo(() => {
    if (!house || !user || !link) return null;
    const colors = brandColors({ color: company?.color ?? '', gradientColor: company?.gradientColor ?? '' });
    return posterContent({
      house,
      cover,
      broker: { name: user.name, phone: user.phone },
      companyTitle: company?.title ?? '',
      colors: { ...colors, soft: withAlpha(colors.color, 0.1) },
      link,
    });
  }, [house, cover, link, user, company]);

  const query = useQuery({
    queryKey: houseKeys.poster(content),
    queryFn: async () => {
      const { drawPoster } = await import('../poster/draw-poster');
      return drawPoster(content!);
    },
    enabled: open && content !== null,
    // A failure is the popup's to show with its retry, at once.
    retry: false,
    staleTime: Infinity,
  });

  return {
    available: content !== null,
    status: query.status,
    src: query.data ?? '',
    retry: () => void query.refetch(),
  };
}
