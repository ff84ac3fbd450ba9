// Sound settings (001 §4): on or off, and which of the two sounds,
// with a button to hear it. Stored in this browser only.
import { Play } from "lucide-react";
import { useId } from "react";
import type { SoundType } from "#web/admin/shared/session.ts";
import { AdminDialog } from "#web/admin/shared/admin-dialog.tsx";
import { useNotifications } from "./notifications-provider.tsx";

const SOUND_CHOICES: Array<{ type: SoundType; label: string; description: string }> = [
  { type: "notification", label: "提示音", description: "單音由高到低，0.5 秒" },
  { type: "newMessage", label: "新訊息音", description: "雙音和弦（C5 + E5），0.8 秒" },
];

export function SoundSettingsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { sound, setSound, playSound } = useNotifications();
  const enabledId = useId();
  return (
    <AdminDialog open={open} title="提示音設定" onClose={onClose}>
      <div className="space-y-5">
        <label htmlFor={enabledId} className="flex items-center gap-3">
          <input
            id={enabledId}
            type="checkbox"
            checked={sound.enabled}
            onChange={(event) => setSound({ ...sound, enabled: event.target.checked })}
            className="h-5 w-5 rounded border-gray-300 accent-blue-600"
          />
          <span className="font-medium">有新訊息時播放提示音</span>
        </label>
        <fieldset disabled={!sound.enabled} className="space-y-2 disabled:opacity-50">
          <legend className="mb-2 text-sm font-medium text-gray-700">提示音類型</legend>
          {SOUND_CHOICES.map((choice) => (
            <label
              key={choice.type}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-gray-200 p-3 has-[:checked]:border-blue-500 has-[:checked]:bg-blue-50"
            >
              <input
                type="radio"
                name="sound_type"
                value={choice.type}
                checked={sound.type === choice.type}
                onChange={() => setSound({ ...sound, type: choice.type })}
                className="h-4 w-4 accent-blue-600"
              />
              <span className="flex-1">
                <span className="block font-medium">{choice.label}</span>
                <span className="block text-xs text-gray-600">{choice.description}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="flex justify-between gap-3">
          <button
            type="button"
            onClick={() => playSound(sound.type)}
            className="inline-flex items-center gap-2 rounded-lg border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            <Play aria-hidden size={16} />
            試聽
          </button>
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            完成
          </button>
        </div>
      </div>
    </AdminDialog>
  );
}
