// /admin/banners (002 §2.2, §3, §4, §5, §8, §9; issue 5): the live preview
// of the active banners (5 s each), the list with on/off, edit, delete and
// drag to reorder (sort_order saved), and the create/edit form in a modal.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import type { Banner } from "#contract/banner.ts";
import { focusRing, LoadError, NoticeArea, RetryButton, useNotice } from "#web/admin/shared/admin-notice.tsx";
import { AdminLoading } from "#web/admin/shared/admin-loading.tsx";
import { AdminPageHeader } from "#web/admin/shared/admin-page-header.tsx";
import { BannerFormDialog, type BannerSaveOutcome } from "./banner-form-dialog.tsx";
import { BannerList } from "./banner-list.tsx";
import { BannerPreview } from "./banner-preview.tsx";
import { ApiError } from "#web/admin/shared/api-client.ts";
import { createBanner, deleteBanner, fetchBanners, reorderBanners, toggleBanner, updateBanner } from "./banner-api.ts";
import {
  activeSlides,
  anyVideoProcessing,
  bannerErrorMessage,
  bannerPayload,
  BANNERS_QUERY_KEY,
  bySortOrder,
  DELETE_CONFIRM,
  moveItem,
  nextSortOrder,
  renumber,
  VIDEO_POLL_MS,
  type BannerFormValues,
} from "./banner-form.ts";
import { adminMeta } from "#web/admin/shared/browser-screen.tsx";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";

export const meta = () => adminMeta("橫幅管理");

export { clientLoader, HydrateFallback } from "#web/admin/shared/browser-screen.tsx";


type FormState = { open: false } | { open: true; banner: Banner | null };


export default function Banners() {
  const client = useQueryClient();
  // While a video is being made playable, its 處理中 and progress follow the server.
  const query = useQuery({
    queryKey: BANNERS_QUERY_KEY,
    queryFn: ({ signal }) => fetchBanners(signal),
    refetchInterval: (current) => (anyVideoProcessing(current.state.data ?? []) ? VIDEO_POLL_MS : false),
  });
  const [notice, setNotice] = useNotice();
  const confirm = useConfirm();
  const [form, setForm] = useState<FormState>({ open: false });
  const [busyId, setBusyId] = useState<number | null>(null);


  const banners = bySortOrder(query.data ?? []);
  const reload = () => client.invalidateQueries({ queryKey: BANNERS_QUERY_KEY });

  async function save(values: BannerFormValues): Promise<BannerSaveOutcome> {
    if (!form.open) return { ok: false, message: "", errors: {} };
    const editing = form.banner;
    try {
      const result = editing
        ? await updateBanner(editing.id, bannerPayload(values, editing.sort_order))
        : await createBanner(bannerPayload(values, nextSortOrder(banners)));
      setNotice({ tone: "success", text: result.message || (editing ? "橫幅已更新" : "橫幅已新增") });
      setForm({ open: false });
      await reload();
      return { ok: true };
    } catch (error) {
      console.warn("儲存橫幅失敗", error);
      return { ok: false, message: bannerErrorMessage(error, "save"), errors: error instanceof ApiError ? error.errors : {} };
    }
  }

  async function toggle(banner: Banner) {
    setBusyId(banner.id);
    try {
      await toggleBanner(banner.id);
      setNotice(null);
      await reload();
    } catch (error) {
      console.warn("切換橫幅狀態失敗", error);
      setNotice({ tone: "error", text: bannerErrorMessage(error, "toggle") });
    } finally {
      setBusyId(null);
    }
  }

  async function remove(banner: Banner) {
    const confirmed = await confirm({ title: "刪除橫幅", message: DELETE_CONFIRM, items: [banner.title], confirmLabel: "刪除" });
    if (!confirmed) return;
    setBusyId(banner.id);
    try {
      const result = await deleteBanner(banner.id);
      setNotice({ tone: "success", text: result.message || "橫幅已刪除" });
      await reload();
    } catch (error) {
      console.warn("刪除橫幅失敗", error);
      setNotice({ tone: "error", text: bannerErrorMessage(error, "remove") });
    } finally {
      setBusyId(null);
    }
  }

  async function move(from: number, to: number) {
    if (from === to) return;
    const reordered = renumber(moveItem(banners, from, to));
    // Shown in the new order at once; the whole order is saved in one request, so it is kept or refused as a whole.
    client.setQueryData<Banner[]>(BANNERS_QUERY_KEY, reordered);
    try {
      const { data } = await reorderBanners(reordered.map((banner) => banner.id));
      client.setQueryData<Banner[]>(BANNERS_QUERY_KEY, data);
    } catch (error) {
      console.warn("儲存橫幅排序失敗", error);
      setNotice({ tone: "error", text: bannerErrorMessage(error, "save") });
      await reload();
    }
  }


  return (
    <>
      <AdminPageHeader
        title="橫幅管理"
        description="管理首頁頂部的輪播橫幅，拖曳列表調整順序"
        actions={
          <button
            type="button"
            onClick={() => setForm({ open: true, banner: null })}
            className={`inline-flex items-center gap-2 rounded-lg bg-blue-600 px-4 py-2.5 font-semibold text-white shadow hover:bg-blue-700 ${focusRing}`}
          >
            <Plus aria-hidden size={18} />
            新增橫幅
          </button>
        }
      />

      <div className="space-y-6">
        <NoticeArea notice={notice} onDismiss={() => setNotice(null)} successTestId="banner-notice" errorTestId="banner-error" />

        {query.isPending ? (
          <AdminLoading label="載入橫幅中..." />
        ) : query.isError ? (
          <LoadError message={bannerErrorMessage(query.error, "load")} testId="banners-load-error" action={<RetryButton onRetry={() => void query.refetch()} />} />
        ) : (
          <>
            <section aria-labelledby="banner-preview-heading" className="space-y-3">
              <h2 id="banner-preview-heading" className="text-lg font-semibold">
                即時預覽
              </h2>
              <BannerPreview slides={activeSlides(banners)} />
            </section>
            <section aria-labelledby="banner-list-heading" className="space-y-3">
              <h2 id="banner-list-heading" className="text-lg font-semibold">
                橫幅列表（{banners.length}）
              </h2>
              {banners.length === 0 ? (
                <p className="rounded-2xl bg-white p-8 text-center text-gray-600 shadow-sm" data-testid="banner-list-empty">
                  尚無橫幅，點擊「新增橫幅」建立第一個
                </p>
              ) : (
                <BannerList
                  banners={banners}
                  busyId={busyId}
                  onToggle={(banner) => void toggle(banner)}
                  onEdit={(banner) => setForm({ open: true, banner })}
                  onDelete={(banner) => void remove(banner)}
                  onMove={(from, to) => void move(from, to)}
                />
              )}
            </section>
          </>
        )}
      </div>

      <BannerFormDialog open={form.open} banner={form.open ? form.banner : null} onClose={() => setForm({ open: false })} onSave={save} />
    </>
  );
}
