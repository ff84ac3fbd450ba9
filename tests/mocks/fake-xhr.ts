// A stand-in for the browser's XMLHttpRequest in unit tests of the back office's
// upload client: records what was sent and lets the test play the server
// (progress, an answer, a dropped connection).
type Listener = (event: { loaded: number; total: number; lengthComputable: boolean }) => void;

class Events {
  private readonly listeners = new Map<string, Listener[]>();
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, event = { loaded: 0, total: 0, lengthComputable: false }) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

export class FakeXhr extends Events {
  static sent: FakeXhr[] = [];
  readonly upload = new Events();
  readonly headers: Record<string, string> = {};
  method = "";
  url = "";
  body: FormData | null = null;
  status = 0;
  responseText = "";
  aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.emit("abort");
  }

  /** The server's side. */
  progress(loaded: number, total: number) {
    this.upload.emit("progress", { loaded, total, lengthComputable: true });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === "string" ? body : JSON.stringify(body);
    this.emit("load");
  }
  drop() {
    this.emit("error");
  }
}

/** The request the code under test sent last. */
export function lastXhr(): FakeXhr {
  const xhr = FakeXhr.sent.at(-1);
  if (!xhr) throw new Error("no upload was sent");
  return xhr;
}
