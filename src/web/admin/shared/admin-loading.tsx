// What an admin screen shows while the browser takes over from the server's
// first HTML (the back office is rendered in the browser only).
import { Loader2 } from "lucide-react";

export function AdminLoading({ label = "載入中..." }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center gap-2 p-8 text-gray-500">
      <Loader2 aria-hidden size={20} className="animate-spin" />
      <span>{label}</span>
    </div>
  );
}
