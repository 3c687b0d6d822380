import { messages } from '@baobei/shared/messages';
import type { HouseDetail } from '@baobei/shared/schemas/house';
import { Toast } from 'antd-mobile';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { copyText } from '../../../lib/clipboard';
import { isWechatBrowser } from '../../../lib/wechat/is-wechat';
import { setWechatShare, type ShareContent } from '../../../lib/wechat/wechat-share';
import type { ShareDraft } from '../components/share-dialog';
import { absoluteUrl, buildShareLink, defaultShareDesc, urlWithoutHash } from '../model/share';

const detailText = messages.houseDetail;

/**
 * Sharing a listing (part 1, section 2, Sharing): the dialog's title and description,
 * then WeChat's share configuration inside WeChat (with a hint at WeChat's menu), or the link
 * copied to the clipboard elsewhere.
 */
export function useHouseShare(input: {
  house: HouseDetail | undefined;
  uid: number | null;
  shareId: number | null;
  wechatEnabled: boolean;
}) {
  const { house, uid, shareId, wechatEnabled } = input;
  const [dialogOpen, setDialogOpen] = useState(false);
  const [hintOpen, setHintOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const inWechat = isWechatBrowser();

  const defaults = useMemo<ShareDraft>(
    () => ({ title: house?.name ?? '', desc: house ? defaultShareDesc(house) : '' }),
    [house],
  );

  // The one link this user shares the listing by: the dialog's and the poster's QR code alike.
  const link = useMemo(
    () => (house ? buildShareLink({ origin: window.location.origin, houseId: house.id, uid, shareId }) : ''),
    [house, uid, shareId],
  );

  const contentOf = useCallback(
    (draft: ShareDraft): ShareContent | null => {
      if (!house) return null;
      return { title: draft.title, desc: draft.desc, link, imgUrl: absoluteUrl(window.location.origin, house.buildingDiagram) };
    },
    [house, link],
  );

  // Inside WeChat the menu's share works before the dialog is used: configure the defaults.
  useEffect(() => {
    if (!inWechat || !wechatEnabled) return;
    const content = contentOf(defaults);
    if (!content) return;
    setWechatShare(urlWithoutHash(window.location.href), content).catch((error: unknown) => console.warn(error));
  }, [inWechat, wechatEnabled, contentOf, defaults]);

  const confirm = useCallback(
    async (draft: ShareDraft) => {
      const content = contentOf(draft);
      if (!content) return;
      setPending(true);
      try {
        if (inWechat) {
          if (wechatEnabled) await setWechatShare(urlWithoutHash(window.location.href), content);
          setDialogOpen(false);
          setHintOpen(true);
          return;
        }
        const copied = await copyText(content.link);
        setDialogOpen(false);
        Toast.show({
          content: (
            <div data-testid="share-toast">
              {copied ? detailText.shareLinkCopied : detailText.shareCopyFailed}
              <br />
              {copied ? messages.common.openInWechat : content.link}
            </div>
          ),
          duration: 3000,
        });
      } catch (error) {
        console.warn(error);
        Toast.show({ content: detailText.shareWechatFailed });
      } finally {
        setPending(false);
      }
    },
    [contentOf, inWechat, wechatEnabled],
  );

  return {
    link,
    dialogOpen,
    openDialog: () => setDialogOpen(true),
    closeDialog: () => setDialogOpen(false),
    hintOpen,
    closeHint: () => setHintOpen(false),
    defaults,
    pending,
    confirm,
  };
}
