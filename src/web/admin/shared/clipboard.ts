// Copying text in the back office. The Clipboard API needs a secure context
// (https or localhost); an administrator on plain http over the LAN gets the
// older selection-based copy instead.
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch (error) {
    console.warn("剪貼簿 API 無法使用，改用選取複製", error);
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  // Inside an open modal <dialog> only its own content can take the selection: the top one, which
  // holds the focus (dialogs render apart at the end of <body>, so the first open one may be under it).
  (document.activeElement?.closest("dialog[open]") ?? [...document.querySelectorAll("dialog[open]")].at(-1) ?? document.body).append(area);
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
