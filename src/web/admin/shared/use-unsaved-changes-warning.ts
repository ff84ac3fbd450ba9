// Asks before leaving a screen with unsaved changes: inside the back office
// (the router's blocker, answered in our own dialog) and for a reload or a
// closed tab (the browser's own question, the only one a page may ask then).
import { useEffect } from "react";
import { useBlocker } from "react-router";
import { useConfirm } from "./confirm-dialog.tsx";

export function useUnsavedChangesWarning(dirty: boolean, message: string) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  const confirm = useConfirm();
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    let asking = true;
    void confirm({ title: "離開此頁面", message, confirmLabel: "離開，不儲存" }).then((leave) => {
      if (!asking) return;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      asking = false;
    };
  }, [blocker, confirm, message]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
}
