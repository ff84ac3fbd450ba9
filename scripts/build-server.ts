// Bundles the server (src/server/main.ts and everything it imports) into one
// file for production. Measured reason (docs/decisions/006-bundled-server.md):
// running the TypeScript sources directly costs ~40 MB more idle memory
// (type stripping and hundreds of small ES modules) than the budget allows.
import { rolldown } from "rolldown";

// The React Router server build imports these itself; the server must share
// the very same module instances (RouterContextProvider, React).
// zod is shared too: one copy in memory instead of two.
const SHARED_WITH_WEB_BUILD = ["react", "react-dom", "react-dom/server", "react-router", "@react-router/node", "zod"];
// Only needed by `npm run dev`, or optional native add-ons we do not use.
// sharp is a native (Node-API) module loaded from node_modules on the first upload;
// the LINE SDK, nodemailer and sanitize-html on their first use (dynamic imports):
// a server that never sends, mails or renders staff HTML never holds them (idle RSS budget).
// The common-password list, TOTP and the QR code drawing likewise: on the first password change or enrolment;
// file-type on the first file a LINE customer sends; @ffmpeg-installer/ffmpeg finds its platform's binary beside it in node_modules.
// The AWS SDK only when S3_BUCKET is set (it also splits itself into chunks a one-file bundle cannot hold);
// tar-stream on the first backup or restore.
const NOT_BUNDLED = [
  "vite", "pg-native", "sharp", "@line/bot-sdk", "nodemailer", "sanitize-html", "@zxcvbn-ts/language-common", "otpauth", "qrcode", "file-type",
  "@ffmpeg-installer/ffmpeg", "@aws-sdk/client-s3", "@aws-sdk/lib-storage", "tar-stream",
];

const bundle = await rolldown({
  input: "src/server/main.ts",
  platform: "node",
  external: (id) => [...SHARED_WITH_WEB_BUILD, ...NOT_BUNDLED].some((name) => id === name || id.startsWith(`${name}/`)),
  checks: { moduleLevelDirective: false, eval: false },
});
await bundle.write({ file: "build/app/main.js", format: "esm", sourcemap: true });
await bundle.close();
console.log("server bundled into build/app/main.js");
