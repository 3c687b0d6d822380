import { messages } from '@baobei/shared/messages';
import { canOpenRoute, findRoute } from '@baobei/shared/routes';
import { Dialog, Tabs, Toast } from 'antd-mobile';
import { SendOutline } from 'antd-mobile-icons';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../app/pages/not-found-page';
import { ImageViewer } from '../../../components/lazy-overlays';
import { lazyWhenOpen } from '../../../components/lazy-when-open';
import { Page } from '../../../components/page';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { currentPath } from '../../../lib/navigation';
import { loginPath } from '../../../lib/return-path';
import { selectLoggedIn, selectRole, useSessionStore } from '../../../lib/session/session-store';
import { useGoBack } from '../../../lib/use-go-back';
import { useOncePerFailure } from '../../../lib/use-once-per-failure';
import { useFavoriteHouse } from '../api/favorite-house';
import { useHouseDetail } from '../api/get-house-data';
import { BasicInfoTab } from '../components/basic-info-tab';
import { CommissionTab } from '../components/commission-tab';
import { DetailToolbar, ShareToolbar } from '../components/detail-toolbar';
import { HouseDetailSkeleton } from '../components/house-detail-skeleton';
import { HouseGallery } from '../components/house-gallery';
import { HouseHead } from '../components/house-head';
import { LocationTab } from '../components/location-tab';
import { UnitTypesTab } from '../components/unit-types-tab';
import { useCommissionPolicies } from '../hooks/use-commission-policies';
import { useHouseShare } from '../hooks/use-house-share';
import { usePoster } from '../hooks/use-poster';
import { useShareVisit } from '../hooks/use-share-visit';
import { basicInfoRows, contactRows, reportHints } from '../model/detail-text';
import { buildGallery, videoPoster } from '../model/gallery';
import { listingPoint, navigationPath } from '../model/location';
import styles from './house-detail-page.module.css';
import { useRemoveFirstScreen } from '../../../lib/first-screen';
import { isWechatBrowser } from '../../../lib/wechat/is-wechat';

const detailText = messages.houseDetail;

// The sheets and dialogs behind a tap load when first opened (decision 033).
const ContactsPopup = lazyWhenOpen(() => import('../components/contacts-popup').then((m) => m.ContactsPopup));
const PosterPopup = lazyWhenOpen(() => import('../components/poster-popup').then((m) => m.PosterPopup));
const IncentivePopup = lazyWhenOpen(() => import('../components/incentive-popup').then((m) => m.IncentivePopup));
const ShareDialog = lazyWhenOpen(() => import('../components/share-dialog').then((m) => m.ShareDialog));
const VideoPopup = lazyWhenOpen(() => import('../components/video-popup').then((m) => m.VideoPopup));
const WechatShareHint = lazyWhenOpen(() => import('../components/wechat-share-hint').then((m) => m.WechatShareHint));

type TabKey = 'basic' | 'commission' | 'units' | 'location';

function positiveInt(raw: string | undefined): number {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : 0;
}

/**
 * `/house/detail/:id` and the shared page `/house/detail/:id/:shareId` (part 1, section 2):
 * the album, the head, the tabs, and the toolbar of the one or the other.
 */
export function HouseDetailPage() {
  const params = useParams();
  const id = positiveInt(params.id);
  const shareId = positiveInt(params.shareId);
  const navigate = useNavigate();
  const goBack = useGoBack();
  const ready = useSessionStore((s) => s.ready);
  const loggedIn = useSessionStore(selectLoggedIn);
  const role = useSessionStore(selectRole);
  const uid = useSessionStore((s) => s.userInfo?.uid ?? null);
  const mapKey = useSessionStore((s) => s.config?.mapKey ?? '');
  const mapSecurityCode = useSessionStore((s) => s.config?.mapSecurityCode ?? '');
  const wechatEnabled = useSessionStore((s) => s.config?.wechatEnabled ?? false);

  // Wait for the session so the answer carries the signed-in fields when there is a session.
  const detail = useHouseDetail({ id: ready ? id : 0, shareUser: shareId || undefined }, uid);
  // The listing arrives through the query's store, whose updates React renders in one
  // blocking task; the deferred copy renders the page in an interruptible transition instead,
  // in slices between which the phone stays responsive (decision 045). It lags by one render.
  const house = useDeferredValue(detail.data);
  // The server's first screen of this page goes when the listing or its failure is drawn.
  useRemoveFirstScreen(Boolean(house) || detail.isError);
  const favorite = useFavoriteHouse();
  const commission = useCommissionPolicies(id, loggedIn && Boolean(house));
  const share = useHouseShare({ house, uid, shareId: shareId || null, wechatEnabled });
  useShareVisit({ houseId: id, shareId, ready, wechatEnabled });

  const [tab, setTab] = useState<TabKey>('basic');
  const [contactsOpen, setContactsOpen] = useState(false);
  const [incentiveOpen, setIncentiveOpen] = useState(false);
  const [videoOpen, setVideoOpen] = useState(false);
  const [picture, setPicture] = useState<string | null>(null);
  const [posterOpen, setPosterOpen] = useState(false);
  const tabsRef = useRef<HTMLDivElement>(null);

  const gallery = useMemo(() => (house ? buildGallery(house.albums, house.buildingDiagram) : null), [house]);
  // The poster's cover is the listing's own picture (封面, the list card's), else the gallery's first.
  const poster = usePoster({ house, cover: house?.buildingDiagram || (gallery?.slides[0]?.url ?? ''), link: share.link, open: posterOpen });
  const openPoster = () => {
    share.closeDialog();
    setPosterOpen(true);
  };
  const point = useMemo(() => (house ? listingPoint(house) : null), [house]);
  const contacts = useMemo(() => (house ? contactRows(house) : []), [house]);

  // Part 1, section 8: '获取数据失败' with the server's message, retry or back. A 401 here only
  // reset the session (silentExpiry) and the detail reloads for the visitor; nothing to say.
  const { refetch } = detail;
  useOncePerFailure(detail, (error) => {
    // A 404 (unknown or withdrawn listing) is the not-found page below: a retry cannot help.
    if (isApiError(error) && (error.handled || error.code === 401 || error.code === 404)) return;
    void Dialog.confirm({
      title: detailText.loadFailedTitle,
      content: errorMessage(error, detailText.loadFailed),
      confirmText: detailText.loadFailedRetry,
      cancelText: messages.common.back,
    }).then((retry) => {
      if (retry) void refetch();
      else goBack();
    });
  });

  const tabs: { key: TabKey; title: string }[] = [
    { key: 'basic', title: detailText.tabBasic },
    ...(loggedIn ? [{ key: 'commission' as const, title: detailText.tabCommission }] : []),
    { key: 'units', title: detailText.tabUnitTypes },
    ...(point ? [{ key: 'location' as const, title: detailText.tabLocation }] : []),
  ];
  const activeTab = tabs.some((t) => t.key === tab) ? tab : 'basic';

  const changeTab = (key: string) => {
    setTab(key as TabKey);
    // Keep the tab bar where it is when the new panel is shorter than the scrolled distance.
    const bar = tabsRef.current;
    if (!bar) return;
    const stickyTop = parseFloat(getComputedStyle(bar).top) || 0;
    const barTop = bar.getBoundingClientRect().top;
    if (barTop <= stickyTop + 1) {
      const anchor = bar.previousElementSibling?.getBoundingClientRect().bottom ?? barTop;
      window.scrollTo({ top: window.scrollY + anchor - stickyTop });
    }
  };

  const toLogin = () => void navigate(loginPath(currentPath()));

  const toggleFavorite = () => {
    if (!house) return;
    if (!loggedIn) return toLogin();
    const status = house.isFavorite ? 0 : 1;
    favorite.mutate(
      { id: house.id, status, name: house.name },
      {
        onSuccess: () => Toast.show({ content: status ? messages.house.favoriteAdded : messages.house.favoriteRemoved }),
        onError: (err) => {
          if (isApiError(err) && err.handled) return;
          Toast.show({ content: errorMessage(err, detailText.favoriteFailed) });
        },
      },
    );
  };

  /** A visitor is offered 报备客户 (it leads to login); a signed-in role only when it may report (issue 28, item 8). */
  const mayReport = !loggedIn || canOpenRoute(findRoute('houseRecord'), role);

  const report = async () => {
    if (!house) return;
    if (!loggedIn) return toLogin();
    const hints = reportHints(house);
    if (hints.length > 0) {
      const go = await Dialog.confirm({
        title: detailText.hintsTitle,
        content: (
          <ol className={styles.hints} data-testid="house-report-hints">
            {hints.map((hint) => (
              <li key={hint.key}>
                {hint.title && <strong className={styles.hintTitle}>{hint.title}</strong>}
                {hint.text}
              </li>
            ))}
          </ol>
        ),
        confirmText: detailText.continueReport,
        cancelText: messages.common.cancel,
      });
      if (!go) return;
    }
    void navigate(`/house/record/${house.id}`);
  };

  const shareButton = (
    <button type="button" className={styles.shareButton} onClick={share.openDialog} disabled={!house} data-testid="house-share">
      <SendOutline />
      <span>{detailText.share}</span>
    </button>
  );

  const sharer = shareId && house?.shareUser ? house.shareUser : null;
  let footer = null;
  if (house) {
    footer = sharer ? (
      <ShareToolbar sharer={sharer} onShare={share.openDialog} />
    ) : (
      <DetailToolbar
        isFavorite={house.isFavorite}
        favoritePending={favorite.isPending}
        onToggleFavorite={toggleFavorite}
        onConsult={() => setContactsOpen(true)}
        onReport={mayReport ? () => void report() : undefined}
      />
    );
  }

  let body;
  if (!id) {
    body = <div className={styles.failed}>{messages.common.notFound}</div>;
  } else if (!house && detail.isError) {
    body = (
      <button type="button" className={styles.failed} onClick={() => void refetch()} data-testid="house-load-failed">
        {errorMessage(detail.error, detailText.loadFailed)}
        <span className={styles.failedRetry}>{detailText.loadFailedRetry}</span>
      </button>
    );
  } else if (!house || !gallery) {
    body = <HouseDetailSkeleton />;
  } else {
    body = (
      <>
        <HouseGallery
          gallery={gallery}
          hasVr={Boolean(house.buildingVr)}
          hasVideo={Boolean(house.buildingVideo)}
          onOpenVr={() => void navigate(`/house/vr/${house.id}?name=${encodeURIComponent(house.name)}`)}
          onOpenVideo={() => setVideoOpen(true)}
        />
        <HouseHead house={house} signedIn={loggedIn} onOpenIncentive={() => setIncentiveOpen(true)} />
        <div ref={tabsRef} className={styles.tabs}>
          <Tabs activeKey={activeTab} onChange={changeTab} stretch data-testid="house-tabs">
            {tabs.map((t) => (
              <Tabs.Tab key={t.key} title={<span data-testid={`house-tab-${t.key}`}>{t.title}</span>} />
            ))}
          </Tabs>
        </div>
        <div className={styles.panel}>
          {activeTab === 'basic' && <BasicInfoTab rows={basicInfoRows(house)} />}
          {activeTab === 'commission' && (
            <CommissionTab
              commission={house.commission}
              groups={{ status: commission.groups.status, data: commission.groups.data }}
              activeGroup={commission.active}
              onGroupChange={commission.setActive}
              policy={{ status: commission.policy.status, data: commission.policy.data }}
              onRetryGroups={() => void commission.groups.refetch()}
              onRetryPolicy={() => void commission.policy.refetch()}
            />
          )}
          {activeTab === 'units' && <UnitTypesTab unitTypes={house.buildingType} onOpenPicture={setPicture} />}
          {activeTab === 'location' && point && (
            <LocationTab
              name={house.name}
              address={house.buildingAddress}
              point={point}
              mapKey={mapKey}
              mapSecurityCode={mapSecurityCode}
              onRoutePlan={() => void navigate(navigationPath(point, house.name))}
            />
          )}
        </div>

        <ContactsPopup visible={contactsOpen} contacts={contacts} onClose={() => setContactsOpen(false)} />
        {house.incentivePolicy && (
          <IncentivePopup visible={incentiveOpen} text={house.incentivePolicy} onClose={() => setIncentiveOpen(false)} />
        )}
        {house.buildingVideo && (
          <VideoPopup visible={videoOpen} url={house.buildingVideo} poster={videoPoster(house.buildingVideo, house.buildingDiagram)} onClose={() => setVideoOpen(false)} />
        )}
        <ImageViewer image={picture ?? ''} visible={picture !== null} maxZoom={5} onClose={() => setPicture(null)} />
        <ShareDialog
          key={share.defaults.title + share.defaults.desc}
          visible={share.dialogOpen}
          defaults={share.defaults}
          pending={share.pending}
          onConfirm={(draft) => void share.confirm(draft)}
          onPoster={poster.available ? openPoster : undefined}
          onClose={share.closeDialog}
        />
        <PosterPopup
          visible={posterOpen}
          houseName={house.name}
          status={poster.status}
          src={poster.src}
          inWechat={isWechatBrowser()}
          onRetry={poster.retry}
          onClose={() => setPosterOpen(false)}
        />
        <WechatShareHint visible={share.hintOpen} onClose={share.closeHint} />
      </>
    );
  }

  // An unknown or withdrawn listing is not found (retry stays for network errors).
  if (!id || (!house && isApiError(detail.error) && detail.error.code === 404)) return <NotFoundPage />;

  return (
    <Page right={shareButton} footer={footer} className={styles.page}>
      {body}
    </Page>
  );
}
