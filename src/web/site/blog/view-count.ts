// An article's view count (docs/product/blog.md): the article's post-view island
// tells the server once per visit — once per post in a browser session, so
// reloading or coming back from another page of the site does not count again.
// Sent after the page has loaded (the island wakes then), never competing with
// the page. The island has no React: its script is this file and its entry.

const KEY_PREFIX = "blog-post-viewed:";

export const viewAddress = (postId: number) => `/api.php/blog/posts/${postId}/view`;

type SessionStore = Pick<Storage, "getItem" | "setItem">;

interface ViewCountDeps {
  /** The session's storage; null when the browser refuses it (then each page load counts). */
  storage: SessionStore | null;
  send: (address: string) => Promise<unknown>;
}

function sessionStore(): SessionStore | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const post = (address: string) => fetch(address, { method: "POST", keepalive: true });

/** Counts this visit unless the session already did; answers whether it sent the count. */
export function countViewOnce(postId: number, deps: ViewCountDeps = { storage: sessionStore(), send: post }): boolean {
  const key = `${KEY_PREFIX}${postId}`;
  try {
    if (deps.storage?.getItem(key)) return false;
    deps.storage?.setItem(key, "1");
  } catch {
    // Storage full or refused: counting this load is better than never counting.
  }
  // A count that does not arrive is not worth a message to the reader.
  deps.send(viewAddress(postId)).catch(() => undefined);
  return true;
}

/** The view count's island shows nothing: its marker carries the post's id to post-view.island.ts. */
export function ViewCounter(_props: { postId: number }): null {
  return null;
}
