// The bench's yardstick for throughput: a bare node:http server, started in a
// process of its own like ours, answering the very bytes our server sent
// (status, headers, body) from memory. Requests per second and latency depend
// on the machine; the share of this server's figures that ours reaches does not
// (issue 10: "budgets that hold on any machine").
import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "./server.ts";
import { rawGet } from "./http.ts";

export interface RecordedResponse {
  path: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers that belong to one connection or one moment, which the reference sets itself. */
const PER_CONNECTION = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

export async function recordResponse(baseUrl: string, urlPath: string, requestHeaders: Record<string, string>): Promise<RecordedResponse> {
  const res = await rawGet(`${baseUrl}${urlPath}`, requestHeaders);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined && !PER_CONNECTION.has(name)) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return { path: urlPath, status: res.status, headers, body: res.body };
}

export interface ReferenceServer {
  pid: number;
  baseUrl: string;
  stop(): Promise<void>;
}

// The whole reference server: look the path up, write the recorded answer.
const SERVER_SOURCE = `
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
const answers = new Map(JSON.parse(readFileSync(process.env.REFERENCE_ANSWERS, "utf8")).map((a) => [a.path, { ...a, body: Buffer.from(a.body, "base64") }]));
createServer((req, res) => {
  const answer = answers.get(req.url);
  if (!answer) { res.writeHead(404).end(); return; }
  res.writeHead(answer.status, { ...answer.headers, "content-length": answer.body.length });
  res.end(answer.body);
}).listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write("ready\\n"));
`;

export async function startReference(answers: RecordedResponse[], workDir: string): Promise<ReferenceServer> {
  const file = path.join(workDir, "reference-answers.json");
  writeFileSync(file, JSON.stringify(answers.map((a) => ({ ...a, body: a.body.toString("base64") }))));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--input-type=module", "-e", SERVER_SOURCE], {
    env: { ...process.env, PORT: String(port), REFERENCE_ANSWERS: file },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the reference server exited with ${code}`)));
    child.stdout!.once("data", () => resolve());
  });
  child.removeAllListeners("exit");
  return {
    pid: child.pid!,
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
